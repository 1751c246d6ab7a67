// The part of async-exit-hook's API the stack uses (it ships no types).
declare module 'async-exit-hook' {
  interface AsyncExitHook {
    hookedEvents(): string[];
    unhookEvent(event: string): void;
  }
  const asyncExitHook: AsyncExitHook;
  export default asyncExitHook;
}
