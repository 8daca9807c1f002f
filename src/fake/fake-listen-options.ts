/**
 * The options to start `setupServer(...provider.handlers)` with in an in-process loop: a request
 * no fake handler takes is an error, and msw's message names its method and URL.
 */
export const fakeListenOptions = { onUnhandledRequest: "error" } as const;
