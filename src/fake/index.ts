/**
 * The provider fakes: a scenario compiles to MSW handlers (one value), hosted by `getResponse`
 * in unit tests, `setupServer` in the in-process loop, and `startFakeHttpServer` for agents.
 */
export { createFakeProvider, defaultScenario, type FakeProvider, type FakeProviderOptions } from "./create-fake-provider.js";
export type { CapturedRequest, FakeViolation } from "./fake-capture.js";
export { fakeListenOptions } from "./fake-listen-options.js";
export { type FakeProtocol, fakeProtocols, isFakeProtocol } from "./fake-protocol.js";
export type { FakeReply } from "./fake-reply.js";
export { type FakeRequestFacts, readFakeRequestFacts } from "./fake-request-facts.js";
export { type FakeCall, type FakeTurn, fakeCallId, fakeTurnAt, fakeTurnCallIds } from "./fake-turn.js";
export { type ProviderErrorKind, providerErrorBody } from "./provider-error-reply.js";
export { renderFakeReply } from "./render-fake-reply.js";
export { selectFakeTurn } from "./select-fake-turn.js";
export { DEFAULT_MAX_BODY_BYTES, FAKE_HOST, type FakeHttpServer, type FakeHttpServerOptions, startFakeHttpServer } from "./start-fake-http-server.js";
