// layer.render: the client resolves with the SVG text; the engine's drawing is checked to be
// well-formed XML with one rectangle per framed visible layer, escaped, deterministic.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { NotFound } from '../index.js';
import { METHODS, installMethods } from '../src/common/methods.js';
import { spawnEngine } from './helpers.js';

const XML_CHAR = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
const NAME = /[A-Za-z_:][\w.:-]*/y;
const PREDEFINED = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Character data with its references resolved; throws on a bare `&` or `<`, or a bad reference. */
function decode(raw) {
  if (raw.includes('<')) throw new Error(`"<" in character data: ${raw.slice(0, 40)}`);
  return raw.replace(/&([^;&]*);|&/g, (whole, ref) => {
    if (ref === undefined) throw new Error(`bare "&" in: ${raw.slice(0, 40)}`);
    if (Object.hasOwn(PREDEFINED, ref)) return PREDEFINED[ref];
    const m = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(ref);
    if (!m) throw new Error(`unknown entity &${ref};`);
    const text = String.fromCodePoint(m[1] ? parseInt(m[1], 16) : Number(m[2]));
    if (!XML_CHAR.test(text)) throw new Error(`&${ref}; is not an XML character`);
    return text;
  });
}

/**
 * Parses a standalone XML document of the kind an SVG writer produces (optional XML
 * declaration, comments, elements, quoted attributes, references, CDATA) and returns its
 * root and its elements in document order, each `{name, attrs, text}` (`text`: the
 * element's own character data). Throws on anything not well-formed.
 */
function parseXml(doc) {
  if (!XML_CHAR.test(doc)) throw new Error('a character XML cannot carry');
  const elements = [];
  const stack = [];
  let root = null;
  let i = 0;
  const fail = (why) => {
    throw new Error(`${why} at ${i}: ${JSON.stringify(doc.slice(i, i + 40))}`);
  };
  const name = () => {
    NAME.lastIndex = i;
    const m = NAME.exec(doc);
    if (!m) fail('a name expected');
    i = NAME.lastIndex;
    return m[0];
  };
  const space = () => {
    const start = i;
    while (' \t\r\n'.includes(doc[i]) && i < doc.length) i++;
    return i > start;
  };
  if (doc.startsWith('<?xml')) {
    i = doc.indexOf('?>') + 2;
    if (i < 2) fail('unterminated declaration');
  }
  while (i < doc.length) {
    if (doc.startsWith('<!--', i)) {
      const end = doc.indexOf('-->', i + 4);
      if (end < 0) fail('unterminated comment');
      i = end + 3;
    } else if (doc.startsWith('<![CDATA[', i)) {
      const end = doc.indexOf(']]>', i);
      if (end < 0 || stack.length === 0) fail('misplaced CDATA');
      stack.at(-1).text += doc.slice(i + 9, end);
      i = end + 3;
    } else if (doc.startsWith('</', i)) {
      i += 2;
      const closing = name();
      space();
      if (doc[i] !== '>') fail('">" expected');
      i++;
      const open = stack.pop();
      if (open?.name !== closing) fail(`</${closing}> closes <${open?.name}>`);
    } else if (doc[i] === '<') {
      i++;
      if (stack.length === 0 && root) fail('a second root element');
      const element = { name: name(), attrs: {}, text: '' };
      for (;;) {
        const spaced = space();
        if (doc.startsWith('/>', i) || doc[i] === '>') break;
        if (!spaced) fail('space expected before an attribute');
        const attr = name();
        space();
        if (doc[i] !== '=') fail('"=" expected');
        i++;
        space();
        const quote = doc[i];
        if (quote !== '"' && quote !== "'") fail('a quoted value expected');
        const end = doc.indexOf(quote, i + 1);
        if (end < 0) fail('unterminated attribute');
        if (Object.hasOwn(element.attrs, attr)) fail(`duplicate attribute ${attr}`);
        element.attrs[attr] = decode(doc.slice(i + 1, end));
        i = end + 1;
      }
      elements.push(element);
      root ??= element;
      if (doc.startsWith('/>', i)) i += 2;
      else {
        i++;
        stack.push(element);
      }
    } else {
      const end = doc.indexOf('<', i) < 0 ? doc.length : doc.indexOf('<', i);
      const raw = doc.slice(i, end);
      if (stack.length === 0) {
        if (raw.trim()) fail('text outside the root element');
      } else stack.at(-1).text += decode(raw);
      i = end;
    }
  }
  if (stack.length) fail(`<${stack.at(-1).name}> not closed`);
  if (!root) fail('no root element');
  return { root, elements };
}

const count = (parsed, name) => parsed.elements.filter((e) => e.name === name).length;
const allText = (parsed) =>
  parsed.elements.map((e) => `${e.text}\n${Object.values(e.attrs).join('\n')}`).join('\n');

test('the XML checker accepts well-formed documents and refuses malformed ones', () => {
  const ok = parseXml('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><g a=\'1\'><rect x="0"/><text>a &lt;b&gt; &#x41;</text></g><!-- c --></svg>\n');
  assert.deepEqual(ok.elements.map((e) => e.name), ['svg', 'g', 'rect', 'text']);
  assert.equal(ok.elements[3].text, 'a <b> A');
  for (const bad of ['<svg><g></svg>', '<svg>a & b</svg>', '<svg x=1/>', '<svg/><svg/>', '<svg><b</svg>', '<svg x="1" x="2"/>', '<svg>\u0001</svg>', 'text']) {
    assert.throws(() => parseXml(bad), Error, bad);
  }
});

test('layers.render resolves with the result\'s svg member (the method table unwraps it)', async () => {
  const calls = [];
  const target = installMethods(
    {},
    async (method, params, options) => {
      calls.push([method, params, options]);
      return { svg: '<svg/>' };
    },
    async () => {},
  );
  assert.equal(await target.layers.render({ labels: false }, { timeout: 5 }), '<svg/>');
  assert.deepEqual(calls, [['layer.render', { labels: false }, { timeout: 5 }]]);
  assert.deepEqual(
    METHODS.filter((m) => m.unwrap).map((m) => [m.method, m.unwrap]),
    [['layer.render', 'svg']],
  );
});

test('layer.render: an SVG document, one <rect> per framed visible layer, labelled, escaped, deterministic', async () => {
  const engine = await spawnEngine();
  const render = async (params) => {
    const svg = await engine.layers.render(params);
    assert.equal(typeof svg, 'string');
    assert.ok(svg.replace(/^<\?xml[^?]*\?>\s*/, '').startsWith('<svg'), `starts with <svg: ${svg.slice(0, 60)}`);
    const parsed = parseXml(svg);
    assert.equal(parsed.root.name, 'svg');
    assert.equal(parsed.root.attrs.xmlns, 'http://www.w3.org/2000/svg');
    // No external references: no scripts or images, links only within the document.
    for (const e of parsed.elements) {
      assert.ok(!['script', 'image', 'foreignObject', 'a'].includes(e.name), `<${e.name}>`);
      for (const [attr, value] of Object.entries(e.attrs)) {
        if (/(^|:)href$/.test(attr)) assert.ok(value.startsWith('#'), `${attr}="${value}"`);
        assert.ok(!/^on/i.test(attr), `event handler ${attr}`);
        assert.ok(!/url\((?!#)/.test(value), `external url in ${attr}="${value}"`);
      }
    }
    return { svg, parsed };
  };

  // Nothing to draw: an SVG with no shapes.
  assert.equal(count((await render()).parsed, 'rect'), 0);

  const frame = (x, y) => ({ x, y, width: 400, height: 120 });
  await engine.layers.add({ id: 'screen', frame: { x: 0, y: 0, width: 1000, height: 800 } });
  await engine.layers.add({ id: 'card', parent: 'screen', sort: 1, frame: frame(10, 10) });
  await engine.layers.add({ id: 'cluster', parent: 'screen', sort: 2 }); // a group: draws nothing
  await engine.layers.add({ id: 'inCluster', parent: 'cluster', frame: frame(10, 200) });
  await engine.layers.add({ id: 'veiled', parent: 'screen', sort: 3, hidden: true, frame: frame(10, 400) });
  await engine.layers.add({ id: 'underVeiled', parent: 'veiled', frame: frame(0, 0) });
  await engine.layers.add({ id: '<i&"x">', frame: frame(1100, 10) });
  await engine.layers.add({ id: 'bell\u0007', frame: frame(1100, 200) });
  const visible = ['screen', 'card', 'inCluster', '<i&"x">', 'bell\uFFFD'];
  const framed = [];
  for (const id of (await engine.layers.paintOrder()).ids) {
    if ((await engine.layers.get({ id })).frame) framed.push(id);
  }
  assert.equal(framed.length, visible.length, 'paintOrder lists the framed visible layers');

  const base = await render();
  const baseRects = count(base.parsed, 'rect');
  assert.ok(baseRects >= visible.length, `${baseRects} <rect> for ${visible.length} framed visible layers`);
  const text = allText(base.parsed);
  for (const id of visible) assert.ok(text.includes(id), `label of ${JSON.stringify(id)}`);
  // A group is named only as its children's parent, at the end of their tooltips.
  const group = 'in cluster (not drawn: no frame)';
  assert.ok(text.includes(group), 'inCluster names its parent');
  const unnamed = text.replaceAll(group, '');
  for (const id of ['veiled', 'underVeiled', 'cluster']) assert.ok(!unnamed.includes(id), `${id} is not drawn`);
  assert.ok(!base.svg.includes('<i&'), 'an id is escaped, never markup');
  assert.ok(!base.svg.includes('\u0007'));
  assert.equal(await engine.layers.render(), base.svg, 'the same bytes for the same tree');
  assert.deepEqual(await engine.request('layer.render'), { svg: base.svg });

  // Each further framed visible layer adds exactly one <rect>; hidden layers and groups none.
  await engine.layers.add({ id: 'more1', frame: frame(1100, 400) });
  await engine.layers.add({ id: 'more2', frame: frame(1100, 600) });
  await engine.layers.add({ id: 'hiddenTop', hidden: true, frame: frame(0, 0) });
  await engine.layers.add({ id: 'emptyGroup' });
  const grown = await render();
  assert.equal(count(grown.parsed, 'rect'), baseRects + 2);

  // labels: false leaves the labels out.
  const bare = await render({ labels: false });
  assert.ok(count(bare.parsed, 'text') < count(grown.parsed, 'text'), 'fewer <text> without labels');

  // With id: that subtree only.
  const sub = allText((await render({ id: 'screen' })).parsed);
  assert.ok(sub.includes('card') && sub.includes('inCluster'));
  assert.ok(!sub.includes('more1') && !sub.includes('<i&"x">'), 'layers outside the subtree are left out');

  // With point, size and null params: still a document, and the point changes the drawing.
  const pointed = await render({ point: { x: 20, y: 20 } });
  assert.notEqual(pointed.svg, grown.svg);
  await render({ width: 300 });
  await render({ width: 300, height: 100, labels: null, id: null, point: null });
  await assert.rejects(engine.layers.render({ id: 'ghost' }), NotFound);
  await engine.close();
});
