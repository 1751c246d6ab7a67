// Serves one Supabase edge function the way Supabase's edge runtime does: the function calls
// Deno.serve(handler) without a port, and the runtime decides where it listens.
type Handler = (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

const port = Number(Deno.env.get('CLASSPULSE_FUNCTION_PORT'));
const entry = Deno.env.get('CLASSPULSE_FUNCTION_ENTRY');
if (!port || !entry) throw new Error('CLASSPULSE_FUNCTION_PORT and CLASSPULSE_FUNCTION_ENTRY are required');

const HEALTH_PATH = '/_stack/health';
const realServe = Deno.serve.bind(Deno);

(Deno as unknown as Record<string, unknown>).serve = (...args: unknown[]) => {
  const handler = (args.find((a) => typeof a === 'function') ?? (args[0] as { handler?: Handler } | undefined)?.handler) as
    Handler | undefined;
  if (!handler) throw new Error('Deno.serve was called without a handler');
  return realServe({ port, hostname: '127.0.0.1', onListen() {} }, (request, info) => {
    if (new URL(request.url).pathname === HEALTH_PATH) return new Response('ok');
    return handler(request, info);
  });
};

await import(entry);
