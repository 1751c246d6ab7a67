/** Resolves in a later task: the browser can paint and take a tap before what follows runs. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
