// index.d.ts without lib.dom or @types/node (tsconfig.nodom.json: lib es2022 only, with
// the strictest common checks and skipLibCheck off): its header says it needs neither, and
// the other configs include dom. Also the flags a strict project adds beside `strict`.

import { AlreadyExists, ERROR_CLASSES, EVENTS, Engine, NotFound, OrdoError, errorFromResponse } from 'ordo-client';
import type { AbortSignalLike, AlertShowEvent, AnyEvent, EnqueueOutcome, Layer } from 'ordo-client';

export async function nodom(signal: AbortSignalLike): Promise<string[]> {
  const seen: string[] = [];
  const engine = await Engine.spawn({ clock: 'manual' });
  engine.on('alert.show', (e: AlertShowEvent) => seen.push(e.alert.id));
  engine.on('protocolError', (err) => seen.push(err.message));
  const any: Promise<AnyEvent> = engine.waitFor('*', { signal });
  const outcome: EnqueueOutcome = await engine.alerts.enqueue({ type: 't' }, { signal, timeout: 1000 });
  if (outcome.disposition !== 'limited') seen.push(outcome.alert.id);
  seen.push((await any).name);
  const layer: Layer = await engine.layers.add({ id: 'a' });
  const first: Layer | undefined = (await engine.layers.children()).layers[0];
  seen.push(layer.id, first?.id ?? '');
  try {
    await engine.layers.add({ id: 'a' });
  } catch (err) {
    if (err instanceof AlreadyExists) seen.push(err.kind ?? '', err.data.id);
    else if (err instanceof OrdoError) seen.push(String(err.code));
  }
  // Under noUncheckedIndexedAccess an unknown code may have no class.
  const Klass: typeof OrdoError | undefined = ERROR_CLASSES[-32001];
  if (Klass === NotFound && errorFromResponse({ code: -32001, message: 'm' }) instanceof Klass) seen.push('NotFound');
  seen.push(...EVENTS);
  await engine.close();
  return seen;
}
