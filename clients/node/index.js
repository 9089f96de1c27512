// ordo-client: drive the Ordo engine (a JSON-RPC 2.0 subprocess) from Node.

export { Engine } from './src/node/engine.js';
export { findEngineBinary } from './src/node/locate.js';
export { ProcessTransport } from './src/node/transport.js';
export { Endpoint } from './src/common/endpoint.js';
export {
  FramingError,
  LspDecoder,
  NdjsonDecoder,
  encodeLsp,
  encodeNdjson,
  framingFor,
} from './src/common/framing.js';
export {
  AlreadyExists,
  ERROR_CLASSES,
  EngineExitedError,
  InternalError,
  InvalidParams,
  InvalidRequest,
  InvalidState,
  LimitExceeded,
  MethodNotFound,
  NotFound,
  OrdoError,
  ParseError,
  StorageError,
  TimeoutError,
  errorFromResponse,
} from './src/common/errors.js';
export { EVENTS, METHODS } from './src/common/methods.js';
