// layer.* against the real engine: every method, the ordering rule of docs/protocol.md#the-ordering-rule (also
// against a naive array model), paint order and hit testing.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { InvalidParams, NotFound } from '../index.js';
import { idsOf, spawnEngine } from './helpers.js';

const FRAME = { x: 0, y: 0, width: 390, height: 844 };

test('layer.add: defaults, generated ids, data returned as given', async () => {
  const engine = await spawnEngine();
  const screen = await engine.layers.add({ id: 'screen', frame: FRAME });
  assert.deepEqual(screen, {
    id: 'screen',
    parent: null,
    sort: 0,
    index: 0,
    frame: FRAME,
    hidden: false,
    interactive: true,
    clips: false,
    childCount: 0,
  });
  const anon1 = await engine.layers.add();
  const anon2 = await engine.layers.add({ parent: 'screen', hidden: true, interactive: false, clips: true });
  assert.equal(typeof anon1.id, 'string');
  assert.ok(anon1.id.length > 0);
  assert.notEqual(anon1.id, anon2.id);
  assert.equal(anon2.parent, 'screen');
  assert.deepEqual([anon2.hidden, anon2.interactive, anon2.clips], [true, false, true]);
  assert.ok(!('frame' in anon2), 'a layer without a frame is a group');
  const data = { title: '红包', n: [1, 2.5, null, { deep: true }] };
  assert.deepEqual((await engine.layers.add({ id: 'd', data })).data, data);
  assert.deepEqual((await engine.layers.get({ id: 'd' })).data, data);
  assert.equal((await engine.layers.get({ id: 'screen' })).childCount, 1);
  assert.equal((await engine.stats()).layers, 4);
  await engine.close();
});

test('layer.add: reserved ids, bad params, unknown parent or sibling', async () => {
  const engine = await spawnEngine();
  await engine.layers.add({ id: 'p' });
  await engine.layers.add({ id: 'a', parent: 'p' });
  await engine.layers.add({ id: 'q' });
  await assert.rejects(engine.layers.add({ id: 'alert:x' }), InvalidParams);
  await assert.rejects(engine.layers.add({ id: '' }), InvalidParams);
  await assert.rejects(engine.layers.add({ id: 'x'.repeat(257) }), InvalidParams);
  await assert.rejects(engine.layers.add({ sort: 2 ** 53 }), InvalidParams);
  await assert.rejects(engine.layers.add({ above: 'a', sort: 1 }), InvalidParams);
  await assert.rejects(engine.layers.add({ above: 'a', below: 'a' }), InvalidParams);
  await assert.rejects(engine.layers.add({ above: 'a', parent: 'q' }), InvalidParams);
  await assert.rejects(engine.layers.add({ frame: { x: 0, y: 0, width: 1 } }), InvalidParams);
  await assert.rejects(engine.layers.add({ hidden: 'yes' }), InvalidParams);
  await assert.rejects(engine.layers.add({ parent: 'ghost' }), NotFound);
  await assert.rejects(engine.layers.add({ above: 'ghost' }), NotFound);
  assert.equal((await engine.layers.add({ id: 'b', parent: 'p', above: 'a' })).parent, 'p', 'the same parent is fine');
  await engine.close();
});

test('ordering rule: sort ascending, equal sorts newest on top, above/below adopt the sort', async () => {
  const engine = await spawnEngine();
  await engine.layers.add({ id: 'screen', frame: FRAME });
  for (const [id, sort] of [['a', 0], ['b', 0], ['c', -1], ['d', 5], ['e', 0]]) {
    await engine.layers.add({ id, parent: 'screen', sort });
  }
  let page = await engine.layers.children({ id: 'screen' });
  assert.equal(page.total, 5);
  assert.deepEqual(idsOf(page), ['c', 'a', 'b', 'e', 'd']);
  assert.deepEqual(page.layers.map((l) => l.index), [0, 1, 2, 3, 4]);
  assert.deepEqual(await engine.layers.sortRange({ id: 'screen' }), { min: -1, max: 5 });

  const f = await engine.layers.add({ id: 'f', above: 'a' });
  assert.deepEqual([f.parent, f.sort, f.index], ['screen', 0, 2]);
  const g = await engine.layers.add({ id: 'g', below: 'd' });
  assert.deepEqual([g.parent, g.sort], ['screen', 5]);
  page = await engine.layers.children({ id: 'screen' });
  assert.deepEqual(idsOf(page), ['c', 'a', 'f', 'b', 'e', 'g', 'd']);

  // paging
  const slice = await engine.layers.children({ id: 'screen', offset: 2, limit: 3 });
  assert.equal(slice.total, 7);
  assert.deepEqual(idsOf(slice), ['f', 'b', 'e']);
  assert.deepEqual(slice.layers.map((l) => l.index), [2, 3, 4]);
  assert.deepEqual(idsOf(await engine.layers.children({ id: 'screen', offset: 6 })), ['d']);
  assert.deepEqual(idsOf(await engine.layers.children({ id: 'screen', offset: 99 })), []);
  assert.deepEqual(idsOf(await engine.layers.children()), ['screen'], 'id omitted: the top level');
  await engine.close();
});

test('layer.update: a changed sort re-places, an unchanged one does not; null clears', async () => {
  const engine = await spawnEngine();
  for (const id of ['a', 'b', 'c']) await engine.layers.add({ id, sort: 0, frame: FRAME, data: { id } });
  assert.equal((await engine.layers.update({ id: 'a', sort: 0 })).index, 0, 'unchanged sort stays');
  const moved = await engine.layers.update({ id: 'a', sort: 1 });
  assert.deepEqual([moved.sort, moved.index], [1, 2]);
  const back = await engine.layers.update({ id: 'a', sort: 0 });
  assert.equal(back.index, 2, 'a changed sort goes above every sibling with sort <= its own');
  assert.deepEqual(idsOf(await engine.layers.children()), ['b', 'c', 'a']);
  const updated = await engine.layers.update({ id: 'b', frame: null, data: null, hidden: true, interactive: false, clips: true });
  assert.ok(!('frame' in updated));
  assert.ok(!('data' in updated));
  assert.deepEqual([updated.hidden, updated.interactive, updated.clips, updated.index], [true, false, true, 0]);
  const framed = await engine.layers.update({ id: 'b', frame: { x: 1, y: 2, width: 3, height: 4 } });
  assert.deepEqual(framed.frame, { x: 1, y: 2, width: 3, height: 4 });
  await assert.rejects(engine.layers.update({ id: 'ghost', hidden: true }), NotFound);
  await assert.rejects(engine.layers.update({ id: 'b', parent: null }), InvalidParams);
  await engine.close();
});

test('layer.move: re-parent, top level, sort, above/below', async () => {
  const engine = await spawnEngine();
  await engine.layers.add({ id: 'screen' });
  await engine.layers.add({ id: 'panel' });
  for (const id of ['a', 'b', 'c']) await engine.layers.add({ id, parent: 'screen' });
  const toTop = await engine.layers.move({ id: 'b', parent: null });
  assert.deepEqual([toTop.parent, toTop.sort, toTop.index], [null, 0, 2]);
  assert.deepEqual(idsOf(await engine.layers.children()), ['screen', 'panel', 'b']);
  assert.equal((await engine.layers.get({ id: 'screen' })).childCount, 2);
  const low = await engine.layers.move({ id: 'b', sort: -10 });
  assert.deepEqual([low.parent, low.index], [null, 0], 'parent absent: same parent');
  const into = await engine.layers.move({ id: 'b', parent: 'panel', sort: 3 });
  assert.deepEqual([into.parent, into.sort, into.index], ['panel', 3, 0]);
  const above = await engine.layers.move({ id: 'b', above: 'a' });
  assert.deepEqual([above.parent, above.sort], ['screen', 0]);
  assert.deepEqual(idsOf(await engine.layers.children({ id: 'screen' })), ['a', 'b', 'c']);
  await engine.layers.move({ id: 'c', below: 'a' });
  assert.deepEqual(idsOf(await engine.layers.children({ id: 'screen' })), ['c', 'a', 'b']);
  await assert.rejects(engine.layers.move({ id: 'a', above: 'b', sort: 1 }), InvalidParams);
  await assert.rejects(engine.layers.move({ id: 'a', parent: 'ghost' }), NotFound);
  await assert.rejects(engine.layers.move({ id: 'screen', parent: 'screen' }), { code: -32003 });
  await engine.close();
});

test('layer.bringToFront / layer.sendToBack', async () => {
  const engine = await spawnEngine();
  await engine.layers.add({ id: 'p' });
  for (const [id, sort] of [['x', 1], ['y', 3], ['z', 2]]) await engine.layers.add({ id, parent: 'p', sort });
  assert.deepEqual(idsOf(await engine.layers.children({ id: 'p' })), ['x', 'z', 'y']);
  const front = await engine.layers.bringToFront({ id: 'x' });
  assert.deepEqual([front.sort, front.index], [3, 2]);
  assert.deepEqual(idsOf(await engine.layers.children({ id: 'p' })), ['z', 'y', 'x']);
  const back = await engine.layers.sendToBack({ id: 'y' });
  assert.deepEqual([back.sort, back.index], [2, 0]);
  assert.deepEqual(idsOf(await engine.layers.children({ id: 'p' })), ['y', 'z', 'x']);
  const again = await engine.layers.bringToFront({ id: 'x' });
  assert.deepEqual([again.sort, again.index], [3, 2], 'already on top: unchanged');
  await assert.rejects(engine.layers.bringToFront({ id: 'ghost' }), NotFound);
  await assert.rejects(engine.layers.sendToBack({ id: 'ghost' }), NotFound);
  await engine.close();
});

test('layer.get, layer.sortRange on empty containers', async () => {
  const engine = await spawnEngine();
  assert.deepEqual(await engine.layers.sortRange(), { min: null, max: null });
  await engine.layers.add({ id: 'leaf', sort: 7 });
  assert.deepEqual(await engine.layers.sortRange({ id: 'leaf' }), { min: null, max: null });
  assert.deepEqual(await engine.layers.sortRange(), { min: 7, max: 7 });
  assert.equal((await engine.layers.get({ id: 'leaf' })).sort, 7);
  await assert.rejects(engine.layers.get({ id: 'ghost' }), NotFound);
  await assert.rejects(engine.layers.sortRange({ id: 'ghost' }), NotFound);
  await engine.close();
});

async function buildTree(engine) {
  await engine.layers.add({ id: 'R', frame: FRAME });
  await engine.layers.add({ id: 'A', parent: 'R', sort: 1, frame: FRAME });
  await engine.layers.add({ id: 'A1', parent: 'A', frame: FRAME });
  await engine.layers.add({ id: 'B', parent: 'R', sort: 0, hidden: true, frame: FRAME });
  await engine.layers.add({ id: 'B1', parent: 'B', frame: FRAME });
  await engine.layers.add({ id: 'S', sort: 5 });
}

test('layer.tree: nested, by depth, from a layer or the top level', async () => {
  const engine = await spawnEngine();
  await buildTree(engine);
  const node = (id, sort, hidden, children) => ({ id, sort, hidden, children });
  assert.deepEqual(await engine.layers.tree(), {
    id: null,
    children: [
      node('R', 0, false, [node('B', 0, true, [node('B1', 0, false, [])]), node('A', 1, false, [node('A1', 0, false, [])])]),
      node('S', 5, false, []),
    ],
  });
  assert.deepEqual(await engine.layers.tree({ id: 'R', depth: 0 }), node('R', 0, false, []));
  assert.deepEqual(
    await engine.layers.tree({ id: 'R', depth: 1 }),
    node('R', 0, false, [node('B', 0, true, []), node('A', 1, false, [])]),
  );
  assert.deepEqual(await engine.layers.tree({ id: 'A' }), node('A', 1, false, [node('A1', 0, false, [])]));
  await assert.rejects(engine.layers.tree({ id: 'ghost' }), NotFound);
  await engine.close();
});

test('layer.paintOrder: back to front, parents first, hidden subtrees left out', async () => {
  const engine = await spawnEngine();
  await buildTree(engine);
  assert.deepEqual(await engine.layers.paintOrder(), { ids: ['R', 'A', 'A1', 'S'] });
  assert.deepEqual(await engine.layers.paintOrder({ id: 'A' }), { ids: ['A', 'A1'] }, 'with id: that subtree');
  await engine.layers.update({ id: 'B', hidden: false });
  assert.deepEqual(await engine.layers.paintOrder(), { ids: ['R', 'B', 'B1', 'A', 'A1', 'S'] });
  await assert.rejects(engine.layers.paintOrder({ id: 'ghost' }), NotFound);
  await engine.close();
});

test('layer.hitTest: top first, children before parents, hidden/non-interactive/clips, groups', async () => {
  const engine = await spawnEngine();
  const add = (id, parent, sort, frame, extra = {}) => engine.layers.add({ id, parent, sort, frame, ...extra });
  await add('screen', null, 0, { x: 0, y: 0, width: 100, height: 100 });
  await add('back', 'screen', 0, { x: 0, y: 0, width: 100, height: 100 });
  await add('front', 'screen', 1, { x: 50, y: 50, width: 50, height: 50 });
  await add('ghost', 'screen', 2, { x: 0, y: 0, width: 100, height: 100 }, { interactive: false });
  await add('hiddenL', 'screen', 3, { x: 0, y: 0, width: 100, height: 100 }, { hidden: true });
  await add('out', 'front', 0, { x: 100, y: 100, width: 10, height: 10 }); // absolute 150..160
  await engine.layers.add({ id: 'grp', parent: 'screen', sort: 10 }); // a group: no frame
  await add('gchild', 'grp', 0, { x: 0, y: 0, width: 5, height: 5 });

  assert.deepEqual(await engine.layers.hitTest({ x: 60, y: 60 }), { id: 'front', path: ['screen', 'front'] });
  assert.deepEqual(await engine.layers.hitTest({ x: 50, y: 50 }), { id: 'front', path: ['screen', 'front'] });
  assert.deepEqual(await engine.layers.hitTest({ x: 99.5, y: 99.5 }), { id: 'front', path: ['screen', 'front'] });
  assert.deepEqual(await engine.layers.hitTest({ x: 10, y: 10 }), { id: 'back', path: ['screen', 'back'] });
  assert.deepEqual(await engine.layers.hitTest({ x: 2, y: 2 }), { id: 'gchild', path: ['screen', 'grp', 'gchild'] });
  assert.deepEqual(await engine.layers.hitTest({ x: 155, y: 155 }), { id: 'out', path: ['screen', 'front', 'out'] },
    'children of a non-clipping layer are hit outside its frame');
  assert.deepEqual(await engine.layers.hitTest({ x: 160, y: 155 }), { id: null, path: [] }, '[x, x+width)');
  assert.deepEqual(await engine.layers.hitTest({ x: -1, y: 5 }), { id: null, path: [] });
  await engine.layers.update({ id: 'screen', clips: true });
  assert.deepEqual(await engine.layers.hitTest({ x: 155, y: 155 }), { id: null, path: [] }, 'clips skips the subtree');
  await engine.layers.update({ id: 'screen', interactive: false });
  assert.deepEqual(await engine.layers.hitTest({ x: 60, y: 60 }), { id: null, path: [] });
  await assert.rejects(engine.layers.hitTest({ x: 0 }), InvalidParams);
  await assert.rejects(engine.layers.hitTest({ x: 0, y: 0, id: 'ghost-id' }), NotFound);
  await engine.close();
});

test('layer.hitTest is the reverse of layer.paintOrder (seeded random trees)', async () => {
  const engine = await spawnEngine();
  let seed = 12345;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let round = 0; round < 5; round++) {
    await engine.layers.clear();
    const ids = [];
    const entries = [];
    for (let i = 0; i < 60; i++) {
      const id = `r${round}n${i}`;
      const parent = ids.length && random(4) ? ids[random(ids.length)] : null;
      entries.push({
        method: 'layer.add',
        params: { id, parent, sort: random(5) - 2, hidden: random(8) === 0, frame: { x: 0, y: 0, width: 10, height: 10 } },
      });
      ids.push(id);
    }
    for (const s of await engine.batch(entries)) assert.ok(s.ok, s.error?.message);
    const order = (await engine.layers.paintOrder()).ids;
    const hit = await engine.layers.hitTest({ x: 1, y: 1 });
    assert.equal(hit.id, order[order.length - 1] ?? null, `round ${round}`);
    if (hit.id !== null) {
      assert.equal(hit.path[hit.path.length - 1], hit.id);
      const top = await engine.layers.get({ id: hit.path[0] });
      assert.equal(top.parent, null);
    }
  }
  await engine.close();
});

test('layer.remove and layer.clear count the whole subtree', async () => {
  const engine = await spawnEngine();
  await engine.layers.add({ id: 'screen' });
  await engine.layers.add({ id: 'a', parent: 'screen' });
  await engine.layers.add({ id: 'a1', parent: 'a' });
  await engine.layers.add({ id: 'b', parent: 'screen' });
  await engine.layers.add({ id: 'other' });
  assert.deepEqual(await engine.layers.remove({ id: 'a' }), { removed: 2 });
  await assert.rejects(engine.layers.get({ id: 'a1' }), NotFound);
  await engine.layers.add({ id: 'a', parent: 'screen' });
  assert.deepEqual(await engine.layers.clear({ id: 'screen' }), { removed: 2 });
  assert.equal((await engine.layers.get({ id: 'screen' })).childCount, 0);
  assert.deepEqual(await engine.layers.clear(), { removed: 2 });
  assert.equal((await engine.stats()).layers, 0);
  await assert.rejects(engine.layers.remove({ id: 'screen' }), NotFound);
  await assert.rejects(engine.layers.clear({ id: 'screen' }), NotFound);
  await engine.close();
});

test('the sibling order matches a naive array model over 400 seeded operations', async () => {
  const engine = await spawnEngine();
  await engine.layers.add({ id: 'P' });
  /** @type {{id: string, sort: number}[]} bottom → top */
  const model = [];
  const place = (item) => {
    let at = model.length;
    while (at > 0 && model[at - 1].sort > item.sort) at--;
    model.splice(at, 0, item);
  };
  const find = (id) => model.findIndex((m) => m.id === id);
  let seed = 99;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let next = 0;
  for (let step = 0; step < 400; step++) {
    const op = model.length < 3 ? 0 : random(7);
    const pick = () => model[random(model.length)];
    if (op === 0) {
      const item = { id: `n${next++}`, sort: random(7) - 3 };
      await engine.layers.add({ id: item.id, parent: 'P', sort: item.sort });
      place(item);
    } else if (op === 1) {
      const item = pick();
      const sort = random(7) - 3;
      await engine.layers.update({ id: item.id, sort });
      if (sort !== item.sort) {
        model.splice(find(item.id), 1);
        item.sort = sort;
        place(item);
      }
    } else if (op === 2 || op === 3) {
      const sibling = pick();
      const item = { id: `n${next++}`, sort: sibling.sort };
      await engine.layers.add({ id: item.id, [op === 2 ? 'above' : 'below']: sibling.id });
      model.splice(find(sibling.id) + (op === 2 ? 1 : 0), 0, item);
    } else if (op === 4) {
      const item = pick();
      await engine.layers.bringToFront({ id: item.id });
      model.splice(find(item.id), 1);
      item.sort = Math.max(item.sort, ...model.map((m) => m.sort));
      model.push(item);
    } else if (op === 5) {
      const item = pick();
      await engine.layers.sendToBack({ id: item.id });
      model.splice(find(item.id), 1);
      item.sort = Math.min(item.sort, ...model.map((m) => m.sort));
      model.unshift(item);
    } else {
      const item = pick();
      await engine.layers.remove({ id: item.id });
      model.splice(find(item.id), 1);
    }
    const page = await engine.layers.children({ id: 'P' });
    assert.deepEqual(
      page.layers.map((l) => `${l.id}:${l.sort}`),
      model.map((m) => `${m.id}:${m.sort}`),
      `after step ${step} (op ${op})`,
    );
  }
  await engine.close();
});

test('layer.hitTest {id}: only that subtree, x/y in the coordinates of its parent, path from the top-level ancestor', async () => {
  const engine = await spawnEngine();
  await engine.layers.add({ id: 'screen', frame: { x: 10, y: 10, width: 100, height: 100 }, interactive: false });
  await engine.layers.add({ id: 'card', parent: 'screen', frame: { x: 20, y: 20, width: 40, height: 40 } });
  await engine.layers.add({ id: 'button', parent: 'card', frame: { x: 5, y: 5, width: 10, height: 10 } });
  await engine.layers.add({ id: 'cover', frame: { x: 0, y: 0, width: 500, height: 500 }, sort: 9 });
  // Globally the cover wins; inside 'card' the button does (screen's interactive:false is ignored).
  assert.deepEqual(await engine.layers.hitTest({ x: 37, y: 37 }), { id: 'cover', path: ['cover'] });
  assert.deepEqual(await engine.layers.hitTest({ x: 27, y: 27, id: 'card' }), { id: 'button', path: ['screen', 'card', 'button'] });
  assert.deepEqual(await engine.layers.hitTest({ x: 21, y: 21, id: 'card' }), { id: 'card', path: ['screen', 'card'] });
  assert.deepEqual(await engine.layers.hitTest({ x: 1, y: 1, id: 'card' }), { id: null, path: [] });
  await engine.close();
});

test('null for an optional param means the same as leaving it out', async () => {
  const engine = await spawnEngine();
  const layer = await engine.layers.add({ id: null, sort: null, hidden: null, interactive: null, clips: null, above: null });
  assert.deepEqual([layer.parent, layer.sort, layer.hidden, layer.interactive, layer.clips], [null, 0, false, true, false]);
  const page = await engine.layers.children({ id: null, offset: null, limit: null });
  assert.equal(page.total, 1);
  await engine.close();
});

test('layer.tree deeper than --max-tree-depth is LimitExceeded; depth truncates instead', async () => {
  const engine = await spawnEngine({ args: ['--max-tree-depth', '3'] });
  let parent = null;
  for (let i = 0; i < 6; i++) {
    await engine.layers.add({ id: `d${i}`, parent });
    parent = `d${i}`;
  }
  const err = await engine.layers.tree().catch((e) => e);
  assert.equal(err.code, -32004, String(err));
  assert.equal(err.data.name, 'maxTreeDepth');
  assert.equal(err.limit, 3);
  const cut = await engine.layers.tree({ id: 'd0', depth: 2 });
  assert.deepEqual(cut, { id: 'd0', sort: 0, hidden: false, children: [{ id: 'd1', sort: 0, hidden: false, children: [{ id: 'd2', sort: 0, hidden: false, children: [] }] }] });
  await engine.close();
});

test('a 20 000-deep chain in one batch: paintOrder and hitTest do not overflow', async () => {
  const engine = await spawnEngine({ args: ['--max-batch', '20000'] });
  const entries = [];
  for (let i = 0; i < 20000; i++) {
    entries.push({ method: 'layer.add', params: { id: `c${i}`, parent: i ? `c${i - 1}` : null, frame: { x: 0, y: 0, width: 1, height: 1 } } });
  }
  const settled = await engine.batch(entries);
  assert.ok(settled.every((s) => s.ok));
  const order = (await engine.layers.paintOrder()).ids;
  assert.equal(order.length, 20000);
  assert.equal(order[19999], 'c19999');
  const hit = await engine.layers.hitTest({ x: 0.5, y: 0.5 });
  assert.equal(hit.id, 'c19999');
  assert.equal(hit.path.length, 20000);
  assert.deepEqual(await engine.layers.remove({ id: 'c0' }), { removed: 20000 });
  await engine.close();
});
