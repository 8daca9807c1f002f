/**
 * The provider fakes: a scenario compiles to MSW handlers (one value), hosted by `getResponse`
 * in unit tests, `setupServer` in the in-process loop, and `startFakeHttpServer` for agents.
 */
export { createFakeProvider, defaultScenario, type FakeProvider, type FakeProviderOptions } from "./create-fake-provider.js";
export type { CapturedRequest, FakeViolation } from "./fake-capture.js";
export { fakeProtocols, isFakeProtocol, type FakeProtocol } from "./fake-protocol.js";
export type { FakeReply } from "./fake-reply.js";
export { fakeCallId, fakeTurnAt, fakeTurnCallIds, type FakeCall, type FakeTurn } from "./fake-turn.js";
export { selectFakeTurn } from "./select-fake-turn.js";
export { readFakeRequestFacts, type FakeRequestFacts } from "./fake-request-facts.js";
export { renderFakeReply } from "./render-fake-reply.js";
export { fakeListenOptions } from "./fake-listen-options.js";
export { providerErrorBody, type ProviderErrorKind } from "./provider-error-reply.js";
export { DEFAULT_MAX_BODY_BYTES, FAKE_HOST, startFakeHttpServer, type FakeHttpServer, type FakeHttpServerOptions } from "./start-fake-http-server.js";
