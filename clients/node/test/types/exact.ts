// Type-level usage under `exactOptionalPropertyTypes` (tsconfig.exact.json, compiled with
// usage.ts): an optional member of an input type (params, options) accepts `undefined`,
// which the client leaves out, as if not given. Output types may keep `?: T`.

import { Engine, Endpoint, EngineExitedError, NdjsonDecoder, ProcessTransport, findEngineBinary } from 'ordo-client';
import type { BatchEntry, CallOptions, CloseOptions, LayerAddParams, SpawnOptions, Transport } from 'ordo-client';

export async function exact(maybeId: string | undefined, maybeMs: number | undefined): Promise<void> {
  const spawnOptions: SpawnOptions = { bin: undefined, framing: undefined, clock: undefined, args: undefined, timeout: maybeMs };
  const engine = await Engine.spawn(spawnOptions);
  await engine.initialize({ clientInfo: { name: 'exact', version: undefined }, clock: undefined });
  const params: LayerAddParams = { id: maybeId, parent: undefined, sort: undefined, frame: undefined, data: undefined };
  await engine.layers.add(params);
  await engine.layers.add({ id: maybeId });
  await engine.layers.update({ id: 'a', hidden: undefined, frame: undefined });
  await engine.layers.move({ id: 'a', parent: undefined, above: maybeId });
  await engine.layers.children({ id: maybeId, offset: undefined, limit: undefined });
  await engine.layers.tree({ id: undefined, depth: undefined });
  await engine.layers.render({ point: undefined, width: undefined, labels: undefined });
  await engine.alerts.enqueue({
    type: 't',
    id: maybeId,
    key: undefined,
    delayMs: maybeMs,
    mount: { parent: undefined, sort: 1 },
    limit: { max: 1, windowMs: undefined, per: undefined },
  });
  await engine.alerts.defineType({ type: 't', priority: undefined, limit: undefined });
  await engine.alerts.cancel({ id: maybeId, all: undefined });
  await engine.alerts.list({ queue: maybeId });
  await engine.alerts.history({ type: maybeId, limit: undefined });
  await engine.alerts.forget({ type: maybeId, all: undefined });
  await engine.reset({ state: undefined });
  const callOptions: CallOptions = { timeout: maybeMs, signal: undefined };
  await engine.ping(undefined, callOptions);
  await engine.waitFor('alert.idle', { timeout: maybeMs, signal: undefined });
  await engine.raw('{}', { expectResponse: undefined, timeout: undefined });
  const entries: BatchEntry[] = [{ method: 'engine.ping', params: undefined, notification: undefined }];
  await engine.batch(entries, { timeout: undefined });
  const closeOptions: CloseOptions = { timeout: maybeMs, killTimeout: undefined };
  await engine.close(closeOptions);
  findEngineBinary({ bin: maybeId, from: undefined, packaged: undefined });
  new NdjsonDecoder({ onMessage: () => {}, onError: undefined, maxMessageBytes: maybeMs });
  new EngineExitedError({ exitCode: undefined, signal: undefined, stderr: undefined });
  const transport = new ProcessTransport(null, { stderrTailChars: maybeMs, onStderr: undefined, onExit: undefined });
  const piped: Transport = transport;
  new Endpoint(piped, { framing: undefined, timeout: maybeMs, onNotification: undefined, onProtocolError: undefined });
}
