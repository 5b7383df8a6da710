// cvtex edit: the page. It keeps the document as the server last wrote or read it, the
// edits typed since (sent together a moment after the last keystroke), the conflicts with
// another writer, the drafts (fields and entries added but not written yet), and the steps
// to undo and redo. Every change goes to the server as operations on paths (set, delete,
// insert, move, rename) with the revision it was made on; the server writes the YAML in
// place and answers with the new data. One event stream tells of new PDFs, of the file
// changed by another program, and of new facts (problems, conversions) to show.
"use strict";

import { DELETE, idOf, isDraft, isObject, keyOf, markTexts, nameOf, refreshSummaries, renderForm, valueAt } from "./form.js";
import { Panes } from "./panes.js";

const WRITER = `page-${Math.random().toString(36).slice(2, 10)}`;
// ms after the last keystroke before the edits are sent. Keys a few ms apart (a chord, the
// two boxes a test types into) and a held key's repeats (30 a second) go as one change; a
// person's next key comes 100 ms or more later, and waiting for it only delays the PDFs.
// The keys typed while a build runs make one build after it, of the newest text (the watch's).
const DEBOUNCE = 50;
const LANGUAGE_KEY = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

const form = document.getElementById("form");
const formPane = document.getElementById("form-pane");

const page = {
  words: {},
  offered: [],
  lang: "en",
  spec: null,
  doc: null,
  revision: 0,
  meta: {},
  pending: new Map(), // key -> {path, value, seq}: typed, not yet written
  seq: 0,
  flushTimer: 0,
  queue: Promise.resolve(), // the server's answers come in the order the changes went
  conflicts: new Map(),
  drafts: new Set(),
  draftItems: new Map(),
  chosenForms: new Map(), // the form chosen for a value not yet written (one value, a list)
  moves: [], // moves asked for whose answer is not drawn yet: {key, from, to}
  facts: null,
  conversions: new Map(),
  untranslated: new Map(),
  outOfDate: new Map(),
  undo: [],
  redo: [],
  burst: null, // the typing step being extended, keystroke by keystroke
  lastEditAt: null,
  awaiting: null, // the revision whose PDFs are awaited, to time a keystroke to them
  newest: 0, // the newest revision the server told of
  composing: false,
  renderWanted: false,
  focusAfter: null,
  ctx: null,
  panes: null,
  told: "", // what the server was last told this page shows
  drawnNumber: 0, // the last build whose PDFs the panes show
};

// --- words ------------------------------------------------------------------------------

function t(key, params = {}) {
  const table = page.words[page.lang] || {};
  const text = table[key] ?? page.words.en?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name) => (name in params ? String(params[name]) : match));
}

function chooseLanguage() {
  const offered = page.offered.map((item) => item.code);
  const stored = localStorage.getItem("cvtex-edit-lang");
  if (stored && offered.includes(stored)) return stored;
  const aliases = { "zh-CN": "zh", "zh-SG": "zh", "zh-Hans": "zh", "zh-Hant": "zh-TW", "zh-MO": "zh-HK" };
  for (const wanted of navigator.languages || [navigator.language]) {
    for (const candidate of [wanted, aliases[wanted], wanted.split("-")[0]]) {
      if (candidate && offered.includes(candidate)) return candidate;
    }
  }
  return "en";
}

function wordChrome() {
  document.documentElement.lang = page.lang;
  for (const element of document.querySelectorAll("[data-word]")) element.textContent = t(element.dataset.word);
  for (const element of document.querySelectorAll("[data-word-label]")) element.setAttribute("aria-label", t(element.dataset.wordLabel));
  document.title = `${t("title")}: ${page.meta.name || ""}`;
  const legend = document.getElementById("languages");
  legend.replaceChildren();
  for (const lang of page.meta.languages || []) {
    const item = document.createElement("span");
    item.className = "lang-name";
    item.lang = lang;
    item.textContent = `${lang} · ${page.meta.language_names?.[lang] || lang}${languageRole(lang)}`;
    legend.append(item);
  }
  page.panes?.relabel(t);
}

// What a language is to the others: the source they are translated from, or converted.
function languageRole(lang) {
  if (lang === page.meta.source) return ` · ${t("source_language")}`;
  const from = page.meta.converted_from?.[lang];
  if (!from) return "";
  return ` · ${t("converted_from", { language: page.meta.language_names?.[from] || from })}`;
}

// --- the server ---------------------------------------------------------------------------

async function api(path, options = {}) {
  // The page's cookie (HttpOnly, SameSite=Strict) says who asks: no token in the page.
  const response = await fetch(path, { ...options, credentials: "same-origin" });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(body.error || response.statusText);
    error.body = body;
    throw error;
  }
  return body;
}

function enqueue(task) {
  page.queue = page.queue.then(task).catch((error) => banner(t("not_written", { message: error.message })));
  return page.queue;
}

function adopt(state) {
  page.doc = state.data;
  page.revision = state.revision;
  page.newest = Math.max(page.newest, state.revision);
  page.meta = state;
}

// --- the data shown: the server's, with the edits not yet written -------------------------------

function clone(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function put(data, path, value) {
  if (!path.length) return value === DELETE ? undefined : value;
  if (data === null || typeof data !== "object") data = typeof path[0] === "number" ? [] : {};
  let node = data;
  for (let index = 0; index < path.length - 1; index++) {
    const part = path[index];
    if (node[part] === null || typeof node[part] !== "object") node[part] = typeof path[index + 1] === "number" ? [] : {};
    node = node[part];
  }
  const last = path[path.length - 1];
  if (value === DELETE) {
    if (Array.isArray(node)) node.splice(last, 1);
    else delete node[last];
  } else {
    node[last] = value;
  }
  return data;
}

function view() {
  let data = clone(page.doc);
  for (const conflict of page.conflicts.values()) {
    if (conflict.op === "set" || conflict.op === "delete") data = put(data, conflict.path, conflict.op === "delete" ? DELETE : conflict.mine);
  }
  for (const { path, value } of page.pending.values()) data = put(data, path, value);
  return data;
}

function same(one, other) {
  return JSON.stringify(one) === JSON.stringify(other);
}

// What the form's drawing depends on: a text's words do not count, nor which of its
// languages are written (its boxes are all drawn either way).
function shape(value) {
  if (Array.isArray(value)) return `[${value.map(shape).join(",")}]`;
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length && keys.every((key) => LANGUAGE_KEY.test(key))) return "T";
    return `{${keys.map((key) => `${key}:${shape(value[key])}`).join(",")}}`;
  }
  return typeof value === "string" ? "s" : String(typeof value);
}

// --- changes as the server's operations ---------------------------------------------------------

function orderAt(path) {
  return page.ctx?.orders.get(keyOf(path.slice(0, -1))) || null;
}

// The operations that give ``path`` the value ``value`` in ``data``: a set, or the creation
// of what is missing above it (a new key holding the rest, a new list item), or a delete.
function opsForSet(data, path, value) {
  let node = data;
  let depth = 0;
  while (depth < path.length - 1 && node !== null && typeof node === "object" && Object.hasOwn(node, path[depth])) {
    node = node[path[depth]];
    depth += 1;
  }
  const last = path[depth];
  if (depth === path.length - 1 && node !== null && typeof node === "object") {
    const present = Object.hasOwn(node, last);
    if (value === DELETE) return present ? [{ op: "delete", path }] : [];
    if (Array.isArray(node) && !present) return [{ op: "insert", path: path.slice(0, depth), index: node.length, value }];
    return [{ op: "set", path, value, order: orderAt(path) }];
  }
  if (value === DELETE) return [];
  let nested = value;
  for (let index = path.length - 1; index > depth; index--) {
    nested = typeof path[index] === "number" ? [nested] : { [path[index]]: nested };
  }
  if (Array.isArray(node)) return [{ op: "insert", path: path.slice(0, depth), index: node.length, value: nested }];
  const missing = path.slice(0, depth + 1);
  return [{ op: "set", path: missing, value: nested, order: orderAt(missing) }];
}

// The path a change creates (to undo it by deleting it), or null if it changes what was there.
function createdBy(ops, path) {
  const [first] = ops;
  if (!first) return null;
  if (first.op === "insert") return [...first.path, first.index];
  if (first.op === "set" && first.path.length < path.length) return first.path;
  if (first.op === "set" && valueAt(page.doc, first.path) === undefined) return first.path;
  return null;
}

async function post(changes, entries = []) {
  if (!changes.length) {
    for (const entry of entries) dropPending(entry);
    return null;
  }
  const before = shape(view());
  status(t("saving"));
  let reply;
  try {
    reply = await api("/api/edit", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ base: page.revision, changes, writer: WRITER }),
      keepalive: true, // written even if the page is closed meanwhile
    });
  } catch (error) {
    for (const entry of entries) dropPending(entry);
    if (error.body?.revision > page.revision) await syncFromServer();
    banner(t("not_written", { message: error.message }));
    render();
    return null;
  }
  const lengths = listLengths(page.doc);
  if (reply.revision !== page.revision) {
    page.awaiting = reply.revision;
    page.times = { written: performance.now() };
  }
  page.revision = reply.revision;
  page.newest = Math.max(page.newest, reply.revision);
  page.doc = reply.data;
  for (const entry of entries) dropPending(entry);
  settleDrafts(lengths);
  for (const conflict of reply.conflicts) addConflict(conflict);
  status(reply.backup ? t("saved_backup", { backup: reply.backup.split("/").pop() }) : t("saved"));
  if (reply.conflicts.length || shape(view()) !== before) render();
  else refreshMarks();
  return reply;
}

function dropPending(entry) {
  const current = page.pending.get(keyOf(entry.path));
  if (current && current.seq === entry.seq) page.pending.delete(keyOf(entry.path));
}

function listLengths(data, path = [], found = new Map()) {
  if (Array.isArray(data)) {
    found.set(keyOf(path), data.length);
    data.forEach((item, index) => listLengths(item, [...path, index], found));
  } else if (isObject(data)) {
    for (const [key, item] of Object.entries(data)) listLengths(item, [...path, key], found);
  }
  return found;
}

// Drafts that are written now are drafts no more.
function settleDrafts(lengthsBefore) {
  for (const key of [...page.drafts]) {
    if (valueAt(page.doc, JSON.parse(key)) !== undefined) page.drafts.delete(key);
  }
  for (const [key, count] of [...page.draftItems]) {
    const now = valueAt(page.doc, JSON.parse(key));
    const grew = (Array.isArray(now) ? now.length : 0) - (lengthsBefore.get(key) || 0);
    const left = count - Math.max(0, grew);
    if (left > 0) page.draftItems.set(key, left);
    else page.draftItems.delete(key);
  }
}

function flush() {
  clearTimeout(page.flushTimer);
  return enqueue(async () => {
    if (!page.pending.size) return;
    const entries = [...page.pending.values()];
    let scratch = clone(page.doc);
    const changes = [];
    for (const entry of entries) {
      const ops = opsForSet(scratch, entry.path, entry.value);
      const step = page.undo.find((candidate) => candidate.kind === "typing" && candidate.key === keyOf(entry.path) && !candidate.written);
      if (step) {
        step.created = createdBy(ops, entry.path);
        step.written = true;
      }
      changes.push(...ops);
      scratch = put(scratch, entry.path, entry.value);
    }
    await post(changes, entries);
  });
}

// --- what the form calls ----------------------------------------------------------------------------

function type(path, value) {
  const key = keyOf(path);
  page.pending.set(key, { path, value, seq: ++page.seq });
  if (!page.burst || page.burst.key !== key) {
    page.burst = { kind: "typing", key, path, before: clone(valueAt(page.doc, path)), after: value, created: null, written: false };
    page.undo.push(page.burst);
    page.redo = [];
  }
  page.burst.after = value;
  page.lastEditAt = performance.now();
  refreshMarks();
  status(t("saving"));
  updateButtons();
  clearTimeout(page.flushTimer);
  page.flushTimer = setTimeout(flush, DEBOUNCE);
}

function typeText(path, lang, text) {
  const map = valueAt(view(), path);
  if (text === "") {
    const others = isObject(map) ? Object.keys(map).filter((key) => key !== lang) : [];
    type([...path, lang], others.length ? DELETE : "");
  } else {
    type([...path, lang], text);
  }
}

function closeBurst() {
  page.burst = null;
}

// A change made at once (a choice, a switch, a structural change), as one step to undo.
// ``settled`` runs once its answer is in, before the form is drawn again.
function commit(build, focusAfter = null, settled = null) {
  closeBurst();
  flush();
  page.lastEditAt = performance.now();
  return enqueue(async () => {
    let reply = null;
    let step = null;
    try {
      const { ops, inverse } = build();
      if (focusAfter) page.focusAfter = focusAfter;
      step = { kind: "ops", ops, inverse };
      reply = await post(ops);
    } finally {
      settled?.();
    }
    if (reply && step.ops.length) {
      page.undo.push(step);
      page.redo = [];
    }
    render();
  });
}

function dropPendingUnder(path) {
  const prefix = keyOf(path).slice(0, -1);
  for (const key of [...page.pending.keys()]) {
    if (key === keyOf(path) || key.startsWith(`${prefix},`)) page.pending.delete(key);
  }
}

function setNow(path, value, focusAfter = null) {
  dropPendingUnder(path);
  page.chosenForms.delete(keyOf(path));
  commit(() => {
    const before = clone(valueAt(page.doc, path));
    const ops = opsForSet(page.doc, path, value);
    const created = createdBy(ops, path);
    let inverse = [];
    if (created) inverse = [{ op: "delete", path: created }];
    else if (before !== undefined) inverse = [{ op: "set", path, value: before, order: orderAt(path) }];
    return { ops, inverse };
  }, focusAfter);
}

// The form (one value, a list) of a value not written yet: drawn, nothing written.
function chooseForm(path, index) {
  page.chosenForms.set(keyOf(path), index);
  render();
}

// Drafts taken as their language's own text: those at ``paths``, or all of them.
function acceptDrafts(paths, focusAfter = null) {
  commit(() => {
    const ops = [];
    const inverse = [];
    for (const path of paths) {
      const value = valueAt(page.doc, path);
      if (!isDraft(value)) continue;
      ops.push({ op: "set", path, value: value.draft });
      inverse.push({ op: "set", path, value: clone(value) });
    }
    return { ops, inverse };
  }, focusAfter);
}

// A text that may be out of date confirmed as still saying the same: recorded by the server
// as `cvtex translate confirm` records it; the profile is not changed.
function confirmOutOfDate(path, lang) {
  enqueue(async () => {
    await api("/api/confirm", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ base: page.revision, path, lang }),
    });
    page.outOfDate.delete(`${keyOf(path)}|${lang}`);
    page.factsStale = true; // the server works this revision's facts out again
    status(t("confirmed"));
    decorate();
  });
}

function draftsIn(data, path = [], found = []) {
  if (isDraft(data)) found.push(path);
  else if (Array.isArray(data)) data.forEach((item, index) => draftsIn(item, [...path, index], found));
  else if (isObject(data)) for (const [key, item] of Object.entries(data)) draftsIn(item, [...path, key], found);
  return found;
}

function showAcceptAll() {
  const all = document.getElementById("accept-all");
  const count = draftsIn(page.doc).length;
  all.hidden = !count;
  all.textContent = t("accept_all", { count });
}

function addField(path, field) {
  if (field.spec?.kind === "boolean") {
    setNow(path, true);
    return;
  }
  page.drafts.add(keyOf(path));
  page.focusAfter = null;
  render();
  focusFirstIn(path);
}

function removeField(path) {
  dropPendingUnder(path);
  // The focus to the field's "+" button, which stands in its place once it is gone.
  const focus = `${idOf(path)}-add`;
  if (valueAt(page.doc, path) === undefined) {
    page.drafts.delete(keyOf(path));
    page.focusAfter = focus;
    render();
    return;
  }
  commit(() => {
    const before = clone(valueAt(page.doc, path));
    const parent = valueAt(page.doc, path.slice(0, -1));
    const inverse = Array.isArray(parent)
      ? [{ op: "insert", path: path.slice(0, -1), index: path[path.length - 1], value: before }]
      : [{ op: "set", path, value: before, order: orderAt(path) }];
    return { ops: [{ op: "delete", path }], inverse };
  }, focus);
}

function addItem(listPath) {
  const key = keyOf(listPath);
  const items = valueAt(page.doc, listPath);
  const index = (Array.isArray(items) ? items.length : 0) + (page.draftItems.get(key) || 0);
  page.draftItems.set(key, (page.draftItems.get(key) || 0) + 1);
  render();
  focusFirstIn([...listPath, index]);
}

function removeItem(listPath, index) {
  const items = valueAt(page.doc, listPath);
  const written = Array.isArray(items) ? items.length : 0;
  dropPendingUnder([...listPath, index]);
  if (index >= written) {
    const key = keyOf(listPath);
    const left = (page.draftItems.get(key) || 1) - 1;
    if (left) page.draftItems.set(key, left);
    else page.draftItems.delete(key);
    render();
    return;
  }
  // The focus to the entry that takes its place, else the one before, else "+ Add".
  const left = written - 1;
  const next = index < left ? index : index - 1;
  const focus = left > 0 ? `${idOf([...listPath, next])}-remove` : `${idOf(listPath)}-add-item`;
  commit(() => ({
    ops: [{ op: "delete", path: [...listPath, index] }],
    inverse: [{ op: "insert", path: listPath, index, value: clone(valueAt(page.doc, [...listPath, index])) }],
  }), focus);
}

// Where an index of the form as drawn stands once the moves not yet drawn are made: a key
// pressed again before the form is drawn again moves the entry it holds, not its neighbour.
function shifted(index, move) {
  if (index === move.from) return move.to;
  if (move.from < index && index <= move.to) return index - 1;
  if (move.to <= index && index < move.from) return index + 1;
  return index;
}

function moveItem(listPath, drawnFrom, drawnTo) {
  const key = keyOf(listPath);
  let from = drawnFrom;
  for (const move of page.moves) if (move.key === key) from = shifted(from, move);
  const to = from + (drawnTo - drawnFrom);
  const items = valueAt(page.doc, listPath);
  if (!Array.isArray(items) || from >= items.length || to >= items.length || to < 0) return;
  // The focus goes with the entry: its controls' ids follow its new place.
  const active = document.activeElement;
  const oldId = idOf([...listPath, drawnFrom]);
  let focus = null;
  if (active?.id && (active.id === oldId || active.id.startsWith(`${oldId}-`))) {
    focus = idOf([...listPath, to]) + active.id.slice(oldId.length);
  }
  const move = { key, from, to };
  page.moves.push(move);
  commit(
    () => ({
      ops: [{ op: "move", path: listPath, from, to }],
      inverse: [{ op: "move", path: listPath, from: to, to: from }],
    }),
    focus,
    () => page.moves.splice(page.moves.indexOf(move), 1),
  );
}

function renameKey(path, key) {
  const oldKey = path[path.length - 1];
  commit(() => ({
    ops: [{ op: "rename", path, key }],
    inverse: [{ op: "rename", path: [...path.slice(0, -1), key], key: oldKey }],
  }), `${idOf([...path.slice(0, -1), key])}-key`);
}

// A new photo, as one step to undo: the image it replaces is kept (fetched first) to be
// sent again.
async function uploadPhoto(file, record = true) {
  try {
    let before = null;
    if (record && page.meta.photo) {
      const response = await fetch(`/photo?v=${Date.now()}`, { credentials: "same-origin" });
      if (response.ok) before = await response.blob();
    }
    const kind = file.type || before?.type;
    await api("/photo", { method: "POST", headers: { "Content-Type": kind }, body: file });
    page.meta.photo = true;
    page.photoVersion = (page.photoVersion || 0) + 1; // a new address: the new image
    if (record && before) {
      page.undo.push({ kind: "photo", before: new Blob([before], { type: kind }), after: file });
      page.redo = [];
    }
    status(t("photo_written"));
    render();
  } catch (error) {
    banner(t("not_written", { message: error.message }));
  }
}

// --- undo and redo --------------------------------------------------------------------------------

function undoOps(step) {
  if (step.kind === "photo") return [];
  if (step.kind === "typing") {
    if (step.created) return [{ op: "delete", path: step.created }];
    return opsForSet(page.doc, step.path, step.before === undefined ? DELETE : step.before);
  }
  return [...step.inverse].reverse();
}

function redoOps(step) {
  if (step.kind === "photo") return [];
  if (step.kind === "typing") return opsForSet(page.doc, step.path, step.after);
  return step.ops;
}

function undo() {
  closeBurst();
  flush();
  enqueue(async () => {
    const step = page.undo.pop();
    if (!step) return;
    page.lastEditAt = performance.now();
    if (step.kind === "photo") await uploadPhoto(step.before, false);
    else await post(undoOps(step));
    page.redo.push(step);
    render();
  });
}

function redo() {
  closeBurst();
  flush();
  enqueue(async () => {
    const step = page.redo.pop();
    if (!step) return;
    page.lastEditAt = performance.now();
    if (step.kind === "photo") await uploadPhoto(step.after, false);
    else await post(redoOps(step));
    page.undo.push(step);
    render();
  });
}

// --- another writer ---------------------------------------------------------------------------------

function addConflict(conflict) {
  if (conflict.op !== "set" && conflict.op !== "delete") {
    banner(t("not_made", { name: nameOf(conflict.path) }));
    return;
  }
  page.conflicts.set(keyOf(conflict.path), conflict);
}

async function syncFromServer() {
  const state = await api("/api/state");
  if (state.revision <= page.revision) return;
  // An edit not yet written, to a value the other writer changed too: a conflict.
  for (const [key, entry] of [...page.pending]) {
    const theirs = valueAt(state.data, entry.path);
    if (!same(theirs, valueAt(page.doc, entry.path)) && !same(theirs, entry.value)) {
      page.pending.delete(key);
      addConflict({
        path: entry.path,
        mine: entry.value === DELETE ? null : entry.value,
        theirs: theirs === undefined ? null : theirs,
        absent: theirs === undefined,
        op: entry.value === DELETE ? "delete" : "set",
      });
    }
  }
  for (const [key, conflict] of page.conflicts) {
    const theirs = valueAt(state.data, conflict.path);
    if (same(theirs, conflict.mine)) page.conflicts.delete(key);
    else conflict.theirs = theirs === undefined ? null : theirs;
  }
  const fromElsewhere = state.writer !== WRITER;
  adopt(state);
  page.facts = null;
  if (fromElsewhere) status(t("changed_on_disk"));
  render();
}

function keepMine(conflict) {
  page.conflicts.delete(keyOf(conflict.path));
  commit(() => {
    const ops = opsForSet(page.doc, conflict.path, conflict.op === "delete" ? DELETE : conflict.mine);
    const before = clone(valueAt(page.doc, conflict.path));
    return { ops, inverse: before === undefined ? [] : [{ op: "set", path: conflict.path, value: before }] };
  });
}

function takeTheirs(conflict) {
  page.conflicts.delete(keyOf(conflict.path));
  render();
}

function shown(value) {
  if (value === null || value === undefined) return t("nothing");
  return typeof value === "string" ? value : JSON.stringify(value);
}

// --- drawing ----------------------------------------------------------------------------------------

function context() {
  return {
    data: view(),
    spec: page.spec,
    kind: page.meta.kind,
    languages: page.meta.languages,
    names: page.meta.language_names,
    convertedFrom: page.meta.converted_from || {},
    allLanguages: page.meta.available_languages || [],
    chosenForms: page.chosenForms,
    photo: page.meta.photo,
    photoVersion: page.photoVersion || 0,
    revision: page.revision,
    drafts: page.drafts,
    draftItems: page.draftItems,
    orders: new Map(),
    t,
    conversion: (path, lang) => page.conversions.get(`${keyOf(path)}|${lang}`),
    untranslated: (path) => page.untranslated.get(keyOf(path)) || [],
    outOfDate: (path, lang) => page.outOfDate.get(`${keyOf(path)}|${lang}`),
    type,
    typeText,
    setNow,
    addField,
    removeField,
    addItem,
    removeItem,
    moveItem,
    renameKey,
    uploadPhoto,
    chooseForm,
    acceptDrafts,
    confirmOutOfDate,
  };
}

function render() {
  if (page.composing) {
    page.renderWanted = true;
    return;
  }
  const active = document.activeElement;
  const focusId = page.focusAfter || (active && form.contains(active) ? active.id : null);
  const selection = active && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
  const scroll = formPane.scrollTop;
  page.ctx = context();
  const broken = page.meta.error;
  form.inert = Boolean(broken);
  if (broken) banner(t("yaml_broken", { message: broken }));
  else if (page.brokenShown) banner("");
  page.brokenShown = Boolean(broken);
  renderForm(form, page.ctx);
  decorate();
  formPane.scrollTop = scroll;
  if (focusId) {
    const again = document.getElementById(focusId);
    if (again) {
      again.focus({ preventScroll: true });
      if (selection && !page.focusAfter && typeof again.setSelectionRange === "function") {
        try {
          again.setSelectionRange(...selection);
        } catch {
          // not a text box
        }
      }
    }
  }
  page.focusAfter = null;
  updateButtons();
}

function refreshMarks() {
  if (!page.ctx) return;
  page.ctx.data = view();
  markTexts(form, page.ctx);
  refreshSummaries(form, page.ctx);
  showAcceptAll();
}

function elementFor(path) {
  for (let size = path.length; size > 0; size--) {
    const found = form.querySelector(`[data-path="${CSS.escape(keyOf(path.slice(0, size)))}"]`);
    if (found) return found;
  }
  return null;
}

function messageHolder(element) {
  let holder = element.querySelector(":scope > .messages");
  if (!holder) {
    holder = document.createElement("div");
    holder.className = "messages";
    if (element.tagName === "TEXTAREA" || element.tagName === "INPUT" || element.tagName === "SELECT") {
      element.insertAdjacentElement("afterend", holder);
    } else {
      element.append(holder);
    }
  }
  return holder;
}

function invalid(element, messageId) {
  const inputs = element.matches("input, textarea, select") ? [element] : element.querySelectorAll("input, textarea, select");
  for (const input of inputs) {
    input.setAttribute("aria-invalid", "true");
    const described = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    if (!described.includes(messageId)) input.setAttribute("aria-describedby", [...described, messageId].join(" "));
  }
}

// Marks, problems and conflicts, over the form as drawn.
function decorate() {
  refreshMarks();
  for (const old of form.querySelectorAll(".problem, .conflict-panel")) old.remove();
  for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  const list = document.getElementById("problems");
  list.replaceChildren();
  const problems = page.facts?.revision === page.revision ? page.facts.problems : [];
  problems.forEach((problem, index) => {
    const target = problem.path ? elementFor(problem.path) : null;
    const where = problem.line ? t("line", { line: problem.line }) : problem.where || "";
    const text = formNames(`${where ? `${where}: ` : ""}${problem.message}`);
    const item = document.createElement("li");
    if (target) {
      const message = document.createElement("p");
      message.className = "problem";
      message.id = `problem-${index}`;
      message.setAttribute("role", "alert");
      message.textContent = text;
      messageHolder(target).append(message);
      invalid(target, message.id);
      const jump = document.createElement("button");
      jump.type = "button";
      jump.className = "link";
      jump.textContent = `${nameOf(problem.path)} — ${text}`;
      jump.addEventListener("click", () => focusFirstIn(problem.path));
      item.append(jump);
    } else {
      item.textContent = text + (problem.hint ? ` (${problem.hint})` : "");
    }
    list.append(item);
  });
  const summary = document.getElementById("problems-summary");
  summary.hidden = !problems.length;
  summary.textContent = t("problems", { count: problems.length });
  for (const conflict of page.conflicts.values()) {
    const target = elementFor(conflict.path);
    if (!target) continue;
    const panel = document.createElement("div");
    panel.className = "conflict-panel";
    panel.id = `conflict-${idOf(conflict.path)}`;
    panel.setAttribute("role", "alert");
    const text = document.createElement("p");
    text.textContent = t("conflict", { theirs: shown(conflict.theirs), mine: shown(conflict.op === "delete" ? null : conflict.mine) });
    const keep = document.createElement("button");
    keep.type = "button";
    keep.className = "keep-mine";
    keep.textContent = t("keep_mine");
    keep.addEventListener("click", () => keepMine(conflict));
    const take = document.createElement("button");
    take.type = "button";
    take.className = "take-theirs";
    take.textContent = t("take_theirs");
    take.addEventListener("click", () => takeTheirs(conflict));
    panel.append(text, keep, take);
    messageHolder(target).append(panel);
    target.classList.add("in-conflict");
    invalid(target, panel.id);
  }
}

function focusFirstIn(path) {
  const target = elementFor(path);
  if (!target) return;
  // A box to write in first, else a choice, else a button.
  const input = target.matches("input, textarea, select, button")
    ? target
    : ["textarea", "input", "select", "button"].map((tag) => target.querySelector(tag)).find(Boolean);
  (input || target).focus();
  (input || target).scrollIntoView({ block: "nearest" });
}

// --- the page's chrome ----------------------------------------------------------------------------

function status(text) {
  document.getElementById("saved").textContent = text;
}

function banner(text) {
  const element = document.getElementById("banner");
  element.hidden = !text;
  element.querySelector("span").textContent = text || "";
}

function updateButtons() {
  document.getElementById("undo").disabled = !page.undo.length;
  document.getElementById("redo").disabled = !page.redo.length;
}

function showTiming(seconds) {
  const timing = document.getElementById("timing");
  timing.dataset.seconds = seconds.toFixed(3);
  timing.dataset.count = String(Number(timing.dataset.count || 0) + 1);
  timing.textContent = t("timing", { seconds: seconds.toFixed(2) });
}

function buildLine(build) {
  if (!build) return t("building");
  if (build.failed) return t("build_failed_at", { time: build.at });
  if (build.compiled.length) {
    return t("built", { time: build.at, languages: build.compiled.join(", "), seconds: build.seconds.toFixed(1) });
  }
  return t("up_to_date", { time: build.at });
}

// "experience[0].title" as the form names it: "experience 1, title".
export function formNames(text) {
  return text.replace(/\b([A-Za-z_][\w-]*)((?:\[\d+\]|\.[A-Za-z_][\w-]*)+)/g, (whole, head, rest) => {
    if (!rest.includes("[")) return whole; // a file name, a dotted word: not a path
    const path = [head];
    for (const [, number, key] of rest.matchAll(/\[(\d+)\]|\.([A-Za-z_][\w-]*)/g)) path.push(number !== undefined ? Number(number) : key);
    return nameOf(path);
  });
}

async function showBuild(state) {
  document.getElementById("build").textContent = buildLine(state.build);
  // The panes in the order the profile lists its languages, whichever was built first.
  const order = page.meta.languages || [];
  const rank = (lang) => (order.includes(lang) ? order.indexOf(lang) : order.length);
  state.panes = [...state.panes]
    .sort((one, other) => rank(one.lang) - rank(other.lang))
    .map((pane) => (pane.error ? { ...pane, error: formNames(pane.error) } : pane));
  const drawn = page.panes.show(state);
  const awaiting = page.awaiting;
  const failed = state.panes.some((pane) => pane.error);
  drawn.then(() => {
    page.drawnNumber = Math.max(page.drawnNumber, state.number);
    tellView();
  });
  if (awaiting === null || state.built === null || state.built < awaiting) return;
  if (failed) {
    page.awaiting = null;
    return;
  }
  if (page.times) page.times.built = performance.now();
  await drawn;
  if (page.awaiting === awaiting && page.lastEditAt !== null) {
    page.awaiting = null;
    const now = performance.now();
    // Where the time went, for the benchmark: since the keystroke, until the file was
    // written, the new PDFs were built, and drawn.
    if (page.times) {
      page.times = {
        written: (page.times.written - page.lastEditAt) / 1000,
        built: (page.times.built - page.lastEditAt) / 1000,
        drawn: (now - page.lastEditAt) / 1000,
      };
    }
    showTiming((now - page.lastEditAt) / 1000);
  }
}

// Tells the server which panes are on screen and the last build they show: it builds those
// languages first, and the others once these show the new PDFs (or are scrolled to).
function tellView() {
  const shown = page.panes.visible();
  const told = `${shown.join(",")}|${page.drawnNumber}`;
  if (told === page.told) return;
  page.told = told;
  api("/api/view", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ page: WRITER, shown, drawn: page.drawnNumber }),
  }).catch(() => {
    page.told = ""; // told again with the next change
  });
}

async function loadFacts() {
  const facts = await api("/api/facts");
  if (facts.revision !== page.revision) return;
  page.facts = facts;
  page.factsStale = false;
  page.conversions = new Map(facts.conversions.map((item) => [`${keyOf(item.path)}|${item.lang}`, item.text]));
  page.untranslated = new Map();
  for (const item of facts.untranslated) {
    const key = keyOf(item.path);
    page.untranslated.set(key, [...(page.untranslated.get(key) || []), item.lang]);
  }
  page.outOfDate = new Map((facts.out_of_date || []).map((item) => [`${keyOf(item.path)}|${item.lang}`, item.since]));
  decorate();
}

function onDocument(document_) {
  if (!document_) return;
  page.newest = Math.max(page.newest, document_.revision);
  // After the changes in flight: their answers may be this very revision.
  enqueue(async () => {
    if (page.newest > page.revision) await syncFromServer();
    if (document_.facts === page.revision && (page.facts?.revision !== page.revision || page.factsStale)) await loadFacts();
  });
}

function connect() {
  const events = new EventSource(`/events?page=${WRITER}`);
  events.onmessage = (message) => {
    document.getElementById("offline").hidden = true;
    const state = JSON.parse(message.data);
    showBuild(state);
    onDocument(state.document);
  };
  events.onerror = () => {
    document.getElementById("offline").hidden = false;
  };
}

function setUpChrome() {
  const choice = document.getElementById("page-lang");
  choice.replaceChildren(...page.offered.map((item) => new Option(item.name, item.code)));
  choice.value = page.lang;
  choice.addEventListener("change", () => {
    page.lang = choice.value;
    localStorage.setItem("cvtex-edit-lang", page.lang);
    wordChrome();
    render();
  });
  document.getElementById("undo").addEventListener("click", undo);
  document.getElementById("accept-all").addEventListener("click", () => acceptDrafts(draftsIn(page.doc), "undo"));
  document.getElementById("redo").addEventListener("click", redo);
  document.getElementById("banner").querySelector("button").addEventListener("click", () => banner(""));
  const file = document.getElementById("file");
  file.textContent = page.meta.name;
  file.title = page.meta.file;
  form.addEventListener("compositionstart", () => {
    page.composing = true;
  });
  form.addEventListener("compositionend", () => {
    page.composing = false;
    if (page.renderWanted) {
      page.renderWanted = false;
      render();
    }
  });
  form.addEventListener("focusout", closeBurst);
  document.addEventListener("keydown", (event) => {
    const command = event.ctrlKey || event.metaKey;
    if (!command || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) {
      event.preventDefault();
      undo();
    } else if ((key === "z" && event.shiftKey) || key === "y") {
      event.preventDefault();
      redo();
    } else if (key === "s") {
      event.preventDefault(); // everything is written already; say so
      flush();
    }
  });
  window.addEventListener("beforeunload", () => flush());
}

async function start() {
  const [words, spec, state] = await Promise.all([api("/api/words"), api("/api/form"), api("/api/state")]);
  page.words = words.words;
  page.offered = words.languages;
  page.lang = chooseLanguage();
  page.spec = spec;
  adopt(state);
  page.panes = new Panes(document.getElementById("panes"), document.getElementById("pane"), t, { visible: tellView });
  setUpChrome();
  wordChrome();
  render();
  status(t("ready"));
  connect();
  // For tests and the benchmark: the page's state, read through the DevTools protocol.
  window.cvtexEditor = { page, flush, undo, redo };
}

start().catch((error) => banner(t("not_started", { message: error.message })));
