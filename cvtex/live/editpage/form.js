// The form, drawn from the document's data and the form the server read from its JSON
// Schema (cvtex/live/editform.py). Every widget calls back into the page (``ctx``) to
// change a value; nothing here talks to the server.
//
// Each element that stands for a value carries its path (data-path, JSON); each box's id is
// made from its path, so that focus and selection come back after the form is drawn again,
// and its accessible name says the field and the language: "experience 2, title (zh)".
"use strict";

export const DELETE = Symbol("delete");

export function keyOf(path) {
  return JSON.stringify(path);
}

export function idOf(path, lang) {
  const parts = path.map((part) => String(part).replace(/[^A-Za-z0-9_]/g, (c) => `_${c.codePointAt(0).toString(16)}`));
  return `f-${parts.join("-")}${lang ? `--${lang}` : ""}`;
}

// ["experience", 1, "title"] -> "experience 2, title": the keys as written in the YAML,
// the items numbered from 1 as people count them.
export function nameOf(path) {
  const parts = [];
  for (const part of path) {
    if (typeof part === "number") {
      if (parts.length) parts[parts.length - 1] += ` ${part + 1}`;
      else parts.push(String(part + 1));
    } else {
      parts.push(part);
    }
  }
  return parts.join(", ");
}

export function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

const LANGUAGE_KEY = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

function isTextValue(value) {
  if (typeof value === "string" || value === null || value === undefined) return true;
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === "same") return true;
  return keys.every((key) => LANGUAGE_KEY.test(key) && key !== "same");
}

function el(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

function button(text, label, action, className = "") {
  const element = el("button", className, text);
  element.type = "button";
  if (label) element.setAttribute("aria-label", label);
  if (label && label !== text) element.title = label;
  element.addEventListener("click", action);
  return element;
}

// The first text of a value, to name an entry in its heading: "experience 2 · Bytedance".
function summaryOf(value, languages) {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return "";
  if (!isObject(value)) return value === null || value === undefined ? "" : String(value);
  if (Object.keys(value).every((key) => LANGUAGE_KEY.test(key))) {
    for (const lang of languages) if (typeof value[lang] === "string" && value[lang]) return value[lang];
  }
  if (typeof value.same === "string") return value.same;
  for (const key of ["title", "institution", "name", "course", "text", "category", "language", "type", "label"]) {
    if (key in value) {
      const found = summaryOf(value[key], languages);
      if (found) return found;
    }
  }
  return "";
}

// A language a text is likely written in, among the document's: where a text written once
// for all goes when it is split by language.
function languageOf(text, languages) {
  const has = (pattern) => pattern.test(text || "");
  const pick = (...codes) => codes.find((code) => languages.includes(code));
  if (has(/[\u3040-\u30ff]/)) return pick("ja") || languages[0];
  if (has(/[\uac00-\ud7af]/)) return pick("ko") || languages[0];
  if (has(/[\u4e00-\u9fff]/)) return pick("zh", "zh-TW", "zh-HK", "ja") || languages[0];
  return languages.find((code) => !/^(zh|ja|ko)/.test(code)) || languages[0];
}

export function renderForm(root, ctx) {
  ctx.orders = new Map();
  const model = ctx.spec.models[ctx.spec.root.model];
  const body = renderObject(model.name, ctx.data, [], ctx, true);
  root.replaceChildren(body);
}

function renderObject(modelName, value, path, ctx, top = false) {
  const model = ctx.spec.models[modelName];
  ctx.orders.set(keyOf(path), model.order);
  const data = isObject(value) ? value : {};
  const box = el("div", top ? "object top" : "object");
  const absent = [];
  for (const field of model.fields) {
    const fieldPath = [...path, field.key];
    const present = Object.hasOwn(data, field.key) || ctx.drafts.has(keyOf(fieldPath));
    if (present || field.required) {
      box.append(renderField(field, data[field.key], fieldPath, ctx, top, present && !field.required));
    } else {
      absent.push(field);
    }
  }
  if (modelName === "Photo" && ctx.kind === "profile") box.append(renderPhoto(ctx));
  if (absent.length) box.append(addFieldsBar(absent, path, ctx));
  return box;
}

function addFieldsBar(fields, path, ctx) {
  const bar = el("div", "add-fields");
  bar.setAttribute("role", "group");
  const title = path.length ? ctx.t("add_field_to", { name: nameOf(path) }) : ctx.t("add_section");
  bar.setAttribute("aria-label", title);
  bar.append(el("span", "add-title", title));
  for (const field of fields) {
    const fieldPath = [...path, field.key];
    const add = button(`+ ${field.label}`, ctx.t("add_field", { name: nameOf(fieldPath) }), () => ctx.addField(fieldPath, field), "add-field");
    add.id = `${idOf(fieldPath)}-add`;
    if (field.help) add.title = field.help;
    bar.append(add);
  }
  return bar;
}

function renderField(field, value, path, ctx, top, removable) {
  const kind = field.spec.kind;
  const wrapper = el(top ? "section" : "div", `field kind-${kind}${top ? " group" : ""}`);
  wrapper.dataset.path = keyOf(path);
  const head = el("div", "field-head");
  const labelId = `${idOf(path)}-label`;
  const label = el(top ? "h2" : "span", "label", field.label);
  label.id = labelId;
  head.append(label);
  if (field.required) head.append(el("span", "required", ctx.t("required")));
  if (removable) {
    const remove = button("✕", ctx.t("remove_field", { name: nameOf(path) }), () => ctx.removeField(path), "remove-field small");
    remove.id = `${idOf(path)}-remove`;
    head.append(remove);
  }
  wrapper.append(head);
  if (field.help) {
    const help = el("p", "help", field.help);
    help.id = `${idOf(path)}-help`;
    wrapper.append(help);
  }
  wrapper.setAttribute("role", "group");
  wrapper.setAttribute("aria-labelledby", labelId);
  wrapper.append(renderValue(field.spec, value, path, ctx, field));
  return wrapper;
}

function describedBy(input, path) {
  input.setAttribute("aria-describedby", `${idOf(path)}-help`);
}

export function renderValue(spec, value, path, ctx, field = null) {
  switch (spec.kind) {
    case "text":
      return renderText(value, path, ctx);
    case "textOr":
      return renderTextOr(spec, value, path, ctx);
    case "object":
      return renderObject(spec.model, value, path, ctx);
    case "list":
      return renderList(spec, value, path, ctx);
    case "languages":
      return path.length === 1 && path[0] === "languages"
        ? renderList({ kind: "list", items: { kind: "string", language: true } }, value, path, ctx)
        : renderLanguages(value, path, ctx);
    case "map":
      return renderMap(spec, value, path, ctx);
    case "union":
      return renderUnion(spec, value, path, ctx);
    case "end":
      return renderEnd(value, path, ctx);
    case "enum":
      return renderEnum(spec, value, path, ctx);
    case "boolean":
      return renderBoolean(value, path, ctx, field);
    default:
      return renderInput(spec, value, path, ctx);
  }
}

// A text: one box per language side by side, or one box for all languages (a plain string
// or {same: ...}); each form turns into the others.
function renderText(value, path, ctx) {
  const box = el("div", "text");
  box.dataset.path = keyOf(path);
  const tools = el("div", "text-tools");
  if (typeof value === "string" || (isObject(value) && Object.keys(value).length === 1 && "same" in value)) {
    const same = isObject(value);
    const text = same ? value.same : value;
    const area = el("textarea", "all");
    area.rows = 1;
    area.id = idOf(path, "all");
    area.value = text;
    const what = same ? ctx.t("same_everywhere") : ctx.t("all_languages");
    area.setAttribute("aria-label", `${nameOf(path)} (${what})`);
    area.dataset.path = keyOf(same ? [...path, "same"] : path);
    describedBy(area, path);
    area.addEventListener("input", () => ctx.type(same ? [...path, "same"] : path, area.value));
    const wrap = el("div", "box wide");
    wrap.dataset.label = what;
    wrap.dataset.path = keyOf(path);
    wrap.append(area, el("span", "mark"));
    box.append(wrap);
    tools.append(
      button(ctx.t("split"), `${ctx.t("split")}: ${nameOf(path)}`, () => {
        const lang = languageOf(text, ctx.languages);
        ctx.setNow(path, { [lang]: text }, idOf(path, lang)); // the focus into its box
      }, "small"),
    );
    if (!same) {
      tools.append(button(ctx.t("mark_same"), `${ctx.t("mark_same")}: ${nameOf(path)}`, () => ctx.setNow(path, { same: text }), "small"));
    }
  } else {
    const map = isObject(value) ? value : {};
    ctx.orders.set(keyOf(path), ctx.languages);
    const languages = [...ctx.languages, ...Object.keys(map).filter((key) => !ctx.languages.includes(key))];
    const grid = el("div", "langs");
    grid.style.setProperty("--columns", String(languages.length));
    for (const lang of languages) grid.append(languageBox(map, lang, path, ctx));
    box.append(grid);
    if (Object.keys(map).length) {
      tools.append(
        button(ctx.t("join"), `${ctx.t("join")}: ${nameOf(path)}`, () => {
          const first = ctx.languages.map((lang) => map[lang]).find((text) => typeof text === "string" && text);
          ctx.setNow(path, first || "", idOf(path, "all"));
        }, "small"),
      );
    }
  }
  box.append(tools);
  return box;
}

function languageBox(map, lang, path, ctx) {
  const wrap = el("div", "box");
  wrap.dataset.lang = lang;
  wrap.dataset.label = lang;
  wrap.dataset.path = keyOf([...path, lang]);
  const area = el("textarea");
  area.rows = 1;
  area.id = idOf(path, lang);
  area.lang = lang;
  area.dataset.path = keyOf([...path, lang]);
  area.dataset.text = keyOf(path);
  area.dataset.lang = lang;
  area.setAttribute("aria-label", `${nameOf(path)} (${lang})`);
  describedBy(area, path);
  const text = map[lang];
  area.value = typeof text === "string" ? text : isDraft(text) ? text.draft : "";
  area.addEventListener("input", () => ctx.typeText(path, lang, area.value));
  const mark = el("span", "mark");
  mark.id = `${area.id}-mark`;
  const actions = el("span", "mark-actions");
  wrap.append(area, mark, actions);
  return wrap;
}

// --- marks a box may carry beyond its state ---------------------------------------------------
// A machine draft to check, a text that may be out of date, ...: each kind registers how to
// find it (addBoxMark); the first found marks the box (data-state, its words) and offers its
// buttons beside it. Kept apart from markTexts so that a new kind of mark is one call.

const BOX_MARKS = [];

export function addBoxMark(kind, find) {
  BOX_MARKS.push({ kind, find });
}

function boxMarkOf(ctx, path, lang, value) {
  for (const { kind, find } of BOX_MARKS) {
    const found = find(ctx, path, lang, value);
    if (found) return { kind, actions: [], ...found };
  }
  return null;
}

// The buttons of a box's mark, drawn again only when they change (so that one keeps focus).
function showMarkActions(wrap, found) {
  const holder = wrap.querySelector(".mark-actions");
  if (!holder) return;
  const actions = found ? found.actions : [];
  const signature = actions.map((action) => `${action.id}|${action.text}`).join("\n");
  if (holder.dataset.signature === signature) return;
  holder.dataset.signature = signature;
  holder.replaceChildren(
    ...actions.map((action) => {
      const made = button(action.text, action.label, action.run, "small mark-action");
      made.id = action.id;
      return made;
    }),
  );
}

export function isDraft(value) {
  return isObject(value) && typeof value.draft === "string";
}

addBoxMark("draft", (ctx, path, lang, value) => {
  if (!isDraft(value)) return null;
  const name = `${nameOf(path)} (${lang})`;
  return {
    note: ctx.t("draft_from", { origin: value.from || "?" }),
    actions: [
      {
        id: `${idOf(path, lang)}-accept`,
        text: ctx.t("accept"),
        label: ctx.t("accept_draft", { name }),
        run: () => ctx.acceptDrafts([[...path, lang]], idOf(path, lang)),
      },
    ],
  };
});

// A text written before another language's text of it changed: "may be out of date", as
// validate says, until it is changed or confirmed (cvtex translate confirm).
addBoxMark("out-of-date", (ctx, path, lang) => {
  const since = ctx.outOfDate(path, lang);
  if (!since) return null;
  const names = since.map((code) => ctx.names?.[code] || code).join(", ");
  const name = `${nameOf(path)} (${lang})`;
  return {
    note: ctx.t("out_of_date", { languages: names }),
    actions: [
      {
        id: `${idOf(path, lang)}-confirm`,
        text: ctx.t("confirm"),
        label: ctx.t("confirm_text", { name }),
        run: () => ctx.confirmOutOfDate(path, lang),
      },
    ],
  };
});

// Marks each language box: written, untranslated (falls back), left out (null), or shown as
// converted from another language (zh-TW from zh) until written. Called after each change.
export function markTexts(root, ctx) {
  for (const area of root.querySelectorAll("textarea[data-text]")) {
    const path = JSON.parse(area.dataset.text);
    const lang = area.dataset.lang;
    const map = valueAt(ctx.data, path);
    const own = isObject(map) ? map : {};
    const wrap = area.parentElement;
    const mark = wrap.querySelector(".mark");
    let state = "written";
    let note = "";
    let placeholder = "";
    const source = ctx.convertedFrom[lang];
    const sourceLeftOut = source && !Object.hasOwn(own, lang) && Object.hasOwn(own, source) && own[source] === null;
    if ((Object.hasOwn(own, lang) && own[lang] === null) || sourceLeftOut) {
      state = "left-out";
      note = ctx.t("left_out");
      placeholder = ctx.t("left_out");
    } else if (!Object.hasOwn(own, lang) || own[lang] === "") {
      const converted = ctx.conversion(path, lang);
      if (source && converted) {
        state = "converted";
        note = ctx.t("converted_from", { language: ctx.names[source] || source });
        placeholder = converted;
      } else {
        state = "missing";
        note = ctx.t("untranslated");
      }
    }
    const found = boxMarkOf(ctx, path, lang, own[lang]);
    if (found) {
      state = found.kind;
      note = found.note;
    }
    showMarkActions(wrap, found);
    wrap.dataset.state = state;
    area.placeholder = placeholder;
    mark.textContent = note;
    const described = [`${idOf(path)}-help`];
    if (note) described.push(mark.id);
    area.setAttribute("aria-describedby", described.join(" "));
  }
  for (const area of root.querySelectorAll("textarea.all")) {
    const path = JSON.parse(area.parentElement.dataset.path);
    const langs = ctx.untranslated(path);
    const mark = area.parentElement.querySelector(".mark");
    mark.id = `${area.id}-mark`;
    area.parentElement.dataset.state = langs.length ? "looks-untranslated" : "written";
    mark.textContent = langs.length ? ctx.t("looks_untranslated", { languages: langs.join(", ") }) : "";
  }
}

// Each entry's heading names it by its first text: kept so as the text is typed.
export function refreshSummaries(root, ctx) {
  for (const title of root.querySelectorAll(".item-title[data-item]")) {
    const value = valueAt(ctx.data, JSON.parse(title.dataset.item));
    const summary = summaryOf(value, ctx.languages).split("\n")[0];
    let shown = title.querySelector(".summary");
    if (!summary) {
      shown?.remove();
      continue;
    }
    if (!shown) {
      shown = el("span", "summary");
      title.append(shown);
    }
    if (shown.textContent !== ` · ${summary}`) shown.textContent = ` · ${summary}`;
  }
}

// A bullet, a label, an author, a skill: a text, or an entry with more (only:, items:).
function renderTextOr(spec, value, path, ctx) {
  if (isTextValue(value)) {
    const box = el("div", "text-or");
    box.append(renderText(value ?? undefined, path, ctx));
    box.querySelector(".text-tools").append(
      button(ctx.t("more"), ctx.t("more_of", { name: nameOf(path) }), () => {
        if (value === undefined) return;
        ctx.setNow(path, { [spec.textKey]: value });
      }, "small"),
    );
    return box;
  }
  return renderObject(spec.model, value, path, ctx);
}

function renderList(spec, value, path, ctx) {
  const items = Array.isArray(value) ? value : [];
  const drafts = ctx.draftItems.get(keyOf(path)) || 0;
  const count = items.length + drafts;
  const kind = spec.items.kind;
  const entries = kind === "object" || kind === "textOr";
  const list = el("div", entries ? "list entries" : "list simple");
  list.dataset.path = keyOf(path);
  const ordered = el("ol");
  for (let index = 0; index < count; index++) {
    ordered.append(renderItem(spec.items, items[index], path, index, count, ctx, entries));
  }
  list.append(ordered);
  const add = button(`+ ${ctx.t("add_item")}`, ctx.t("add_item_to", { name: nameOf(path) }), () => ctx.addItem(path, spec.items), "add-item");
  add.id = `${idOf(path)}-add-item`;
  list.append(add);
  return list;
}

function renderItem(spec, value, path, index, count, ctx, entry) {
  const itemPath = [...path, index];
  const name = nameOf(itemPath);
  const item = el("li", entry ? "item entry" : "item");
  item.dataset.path = keyOf(itemPath);
  const head = el("div", "item-head");
  if (entry) {
    const handle = el("span", "handle", "⠿");
    handle.setAttribute("aria-hidden", "true");
    head.append(handle);
    const title = el("span", "item-title", name);
    title.dataset.item = keyOf(itemPath);
    const summary = summaryOf(value, ctx.languages);
    if (summary) title.append(el("span", "summary", ` · ${summary.split("\n")[0]}`));
    head.append(title);
    item.draggable = true;
  }
  const controls = el("span", "item-controls");
  const up = button("↑", ctx.t("move_up", { name }), () => ctx.moveItem(path, index, index - 1), "small");
  up.id = `${idOf(itemPath)}-up`;
  up.disabled = index === 0;
  const down = button("↓", ctx.t("move_down", { name }), () => ctx.moveItem(path, index, index + 1), "small");
  down.id = `${idOf(itemPath)}-down`;
  down.disabled = index === count - 1;
  const remove = button("✕", ctx.t("remove_item", { name }), () => ctx.removeItem(path, index), "small remove");
  remove.id = `${idOf(itemPath)}-remove`;
  controls.append(up, down, remove);
  head.append(controls);
  const body = el("div", "item-body");
  body.append(renderValue(spec, value, itemPath, ctx));
  item.append(head, body);
  // Alt+Up and Alt+Down move the entry that holds the focus (the innermost one).
  item.addEventListener("keydown", (event) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    event.stopPropagation();
    const target = index + (event.key === "ArrowUp" ? -1 : 1);
    if (target >= 0 && target < count) ctx.moveItem(path, index, target);
  });
  if (entry) {
    item.addEventListener("dragstart", (event) => {
      if (event.target !== item) return;
      event.dataTransfer.setData("application/x-cvtex-item", JSON.stringify({ path, index }));
      event.dataTransfer.effectAllowed = "move";
    });
    item.addEventListener("dragover", (event) => {
      if (event.dataTransfer.types.includes("application/x-cvtex-item")) event.preventDefault();
    });
    item.addEventListener("drop", (event) => {
      const raw = event.dataTransfer.getData("application/x-cvtex-item");
      if (!raw) return;
      const dragged = JSON.parse(raw);
      if (keyOf(dragged.path) !== keyOf(path)) return;
      event.preventDefault();
      event.stopPropagation();
      if (dragged.index !== index) ctx.moveItem(path, dragged.index, index);
    });
  }
  return item;
}

// The languages something is shown in (only:, show:): one switch per language.
function renderLanguages(value, path, ctx) {
  const chosen = Array.isArray(value) ? value : [];
  const box = el("div", "languages");
  box.dataset.path = keyOf(path);
  for (const lang of ctx.languages) {
    const label = el("label", "check");
    const input = el("input");
    input.type = "checkbox";
    input.id = idOf(path, lang);
    input.checked = chosen.includes(lang);
    input.setAttribute("aria-label", `${nameOf(path)} (${lang})`);
    input.addEventListener("change", () => {
      const next = ctx.languages.filter((code) => (code === lang ? input.checked : chosen.includes(code)));
      ctx.setNow(path, next.length ? next : DELETE);
    });
    label.append(input, ` ${lang}`);
    box.append(label);
  }
  return box;
}

function renderMap(spec, value, path, ctx) {
  const data = isObject(value) ? value : {};
  const box = el("div", "map");
  box.dataset.path = keyOf(path);
  const drafts = [...ctx.drafts].map((key) => JSON.parse(key)).filter((draft) => draft.length === path.length + 1 && keyOf(draft.slice(0, -1)) === keyOf(path));
  const keys = [...Object.keys(data), ...drafts.map((draft) => draft[path.length]).filter((key) => !(key in data))];
  for (const key of keys) {
    const entryPath = [...path, key];
    const row = el("div", "map-entry");
    row.dataset.path = keyOf(entryPath);
    const head = el("div", "item-head");
    const name = el("input", "map-key");
    name.value = key;
    name.id = `${idOf(entryPath)}-key`;
    name.setAttribute("aria-label", ctx.t("key_of", { name: nameOf(entryPath) }));
    name.addEventListener("change", () => {
      const renamed = name.value.trim();
      if (renamed && renamed !== key) ctx.renameKey(entryPath, renamed);
    });
    const remove = button("✕", ctx.t("remove_item", { name: nameOf(entryPath) }), () => ctx.removeField(entryPath), "small remove");
    remove.id = `${idOf(entryPath)}-remove`;
    head.append(name, remove);
    const body = el("div", "item-body");
    body.append(renderValue(spec.values, data[key], entryPath, ctx));
    row.append(head, body);
    box.append(row);
  }
  const adder = el("div", "map-add");
  const input = el("input");
  input.id = `${idOf(path)}-new-key`;
  input.setAttribute("aria-label", ctx.t("new_key", { name: nameOf(path) }));
  input.placeholder = spec.keys === "lang" ? ctx.languages.join(", ") : ctx.t("new_key_hint");
  const add = button(`+ ${ctx.t("add_key")}`, ctx.t("add_key_to", { name: nameOf(path) }), () => {
    const key = input.value.trim();
    if (key && !(key in data)) ctx.addField([...path, key], { spec: spec.values });
  }, "add-item");
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add.click();
    }
  });
  adder.append(input, add);
  box.append(adder);
  return box;
}

function branchOf(branches, value) {
  if (value === undefined || value === null) return -1;
  const matches = (branch) => {
    switch (branch.kind) {
      case "list":
      case "languages":
        return Array.isArray(value);
      case "map":
      case "object":
        return isObject(value);
      case "integer":
      case "number":
        return typeof value === "number";
      case "boolean":
        return typeof value === "boolean";
      default:
        return typeof value === "string" || typeof value === "number";
    }
  };
  return branches.findIndex(matches);
}

function branchLabel(branch, ctx) {
  switch (branch.kind) {
    case "list":
    case "languages":
      return ctx.t("form_list");
    case "map":
      return branch.keys === "lang" ? ctx.t("form_by_language") : ctx.t("form_map");
    case "object":
      return ctx.spec.models[branch.model]?.title || branch.model;
    default:
      return ctx.t("form_single");
  }
}

function emptyOf(branch, value) {
  switch (branch.kind) {
    case "list":
    case "languages":
      return value === undefined || value === null ? [] : [value];
    case "map":
    case "object":
      return {};
    default:
      return Array.isArray(value) && value.length ? value[0] : "";
  }
}

function renderUnion(spec, value, path, ctx) {
  const box = el("div", "union");
  box.dataset.path = keyOf(path);
  const empty = value === undefined || value === null || value === "";
  // A form chosen for a value not yet written is the page's until a value is typed.
  const held = empty ? ctx.chosenForms.get(keyOf(path)) : undefined;
  const chosen = held ?? branchOf(spec.branches, value);
  const select = el("select", "form-choice");
  select.id = `${idOf(path)}-form`;
  select.setAttribute("aria-label", ctx.t("form_of", { name: nameOf(path) }));
  if (chosen < 0) select.append(new Option(ctx.t("not_set"), "-1"));
  spec.branches.forEach((branch, index) => select.append(new Option(branchLabel(branch, ctx), String(index))));
  select.value = String(chosen);
  select.addEventListener("change", () => {
    const index = Number(select.value);
    const branch = spec.branches[index];
    if (!branch) return;
    if (empty) ctx.chooseForm(path, index); // nothing to write yet: an empty value is none
    else ctx.setNow(path, emptyOf(branch, value));
  });
  box.append(select);
  if (chosen >= 0) box.append(renderValue(spec.branches[chosen], value, path, ctx));
  return box;
}

// A date as a profile takes it: 2024, 2024-09 or 2024-09-01 (a year alone is a number).
export function dateValue(text) {
  const trimmed = text.trim();
  if (!trimmed) return DELETE;
  return /^\d{4}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function renderEnd(value, path, ctx) {
  const box = el("div", "end");
  box.dataset.path = keyOf(path);
  const form = value === "present" ? "present" : isObject(value) ? "expected" : "date";
  const select = el("select");
  select.id = `${idOf(path)}-form`;
  select.setAttribute("aria-label", ctx.t("form_of", { name: nameOf(path) }));
  for (const [choice, words] of [["date", "end_date"], ["present", "present"], ["expected", "expected"]]) {
    select.append(new Option(ctx.t(words), choice));
  }
  select.value = form;
  const date = form === "expected" ? value.expected : form === "date" ? value : undefined;
  select.addEventListener("change", () => {
    const text = date === undefined || date === null ? "" : String(date);
    if (select.value === "present") ctx.setNow(path, "present");
    else if (select.value === "expected") ctx.setNow(path, { expected: dateValue(text) === DELETE ? new Date().getFullYear() : dateValue(text) });
    else ctx.setNow(path, dateValue(text) === DELETE ? DELETE : dateValue(text));
  });
  box.append(select);
  if (form !== "present") {
    const input = el("input", "date");
    const datePath = form === "expected" ? [...path, "expected"] : path;
    input.id = idOf(datePath);
    input.value = date === undefined || date === null ? "" : String(date);
    input.placeholder = ctx.t("date_hint");
    input.inputMode = "numeric";
    input.setAttribute("aria-label", nameOf(datePath));
    describedBy(input, path);
    input.addEventListener("input", () => ctx.type(datePath, dateValue(input.value)));
    box.append(input);
  }
  return box;
}

function renderEnum(spec, value, path, ctx) {
  const select = el("select");
  select.id = idOf(path);
  select.dataset.path = keyOf(path);
  select.setAttribute("aria-label", nameOf(path));
  describedBy(select, path);
  select.append(new Option(ctx.t("not_set"), ""));
  for (const choice of spec.choices) select.append(new Option(String(choice), String(choice)));
  select.value = value === undefined || value === null ? "" : String(value);
  select.addEventListener("change", () => ctx.setNow(path, select.value === "" ? DELETE : spec.choices.find((choice) => String(choice) === select.value)));
  return select;
}

function renderBoolean(value, path, ctx, field) {
  const label = el("label", "check");
  const input = el("input");
  input.type = "checkbox";
  input.id = idOf(path);
  input.dataset.path = keyOf(path);
  input.checked = value === true;
  input.setAttribute("aria-label", nameOf(path));
  describedBy(input, path);
  input.addEventListener("change", () => {
    const byDefault = field && field.default === input.checked;
    ctx.setNow(path, byDefault && field && !field.required ? DELETE : input.checked);
  });
  label.append(input, ` ${ctx.t(input.checked ? "switch_on" : "switch_off")}`);
  return label;
}

function inputValue(spec, text) {
  const trimmed = text.trim();
  if (trimmed === "") return DELETE;
  if (spec.kind === "date") return dateValue(text);
  if (spec.kind === "integer" || spec.kind === "number" || (spec.kind === "scalar" && spec.numeric)) {
    const number = Number(trimmed);
    if (trimmed !== "" && Number.isFinite(number) && (spec.kind !== "integer" || Number.isInteger(number))) return number;
  }
  return text;
}

function renderInput(spec, value, path, ctx) {
  const box = el("div", "input");
  const input = el("input");
  input.id = idOf(path);
  input.dataset.path = keyOf(path);
  input.value = value === undefined || value === null ? "" : String(value);
  input.setAttribute("aria-label", nameOf(path));
  describedBy(input, path);
  if (spec.kind === "date") {
    input.placeholder = ctx.t("date_hint");
    input.inputMode = "numeric";
    input.className = "date";
  }
  if (spec.url) input.type = "url";
  if (spec.pattern) input.pattern = spec.pattern.replace(/^\^|\$$/g, "");
  if (spec.kind === "integer" || spec.kind === "number") input.inputMode = "decimal";
  const suggestions = spec.choices || spec.examples || (spec.language ? ctx.allLanguages : null);
  if (suggestions) {
    const list = el("datalist");
    list.id = `${input.id}-choices`;
    for (const choice of suggestions) list.append(new Option(String(choice)));
    input.setAttribute("list", list.id);
    box.append(list);
  }
  input.addEventListener("input", () => ctx.type(path, inputValue(spec, input.value)));
  box.append(input);
  if (spec.color) {
    const picker = el("input");
    picker.type = "color";
    picker.id = `${input.id}-picker`;
    picker.setAttribute("aria-label", ctx.t("color_of", { name: nameOf(path) }));
    picker.value = /^#[0-9A-Fa-f]{6}$/.test(input.value) ? input.value : "#000000";
    picker.addEventListener("input", () => {
      input.value = picker.value.toUpperCase();
      ctx.type(path, input.value);
    });
    input.addEventListener("input", () => {
      if (/^#[0-9A-Fa-f]{6}$/.test(input.value)) picker.value = input.value;
    });
    box.append(picker);
  }
  return box;
}

function renderPhoto(ctx) {
  const box = el("div", "photo");
  if (ctx.photo) {
    const image = el("img");
    image.src = `/photo?v=${ctx.revision}.${ctx.photoVersion}`;
    image.alt = ctx.t("photo_alt");
    box.append(image);
  }
  const label = el("label", "upload");
  const input = el("input");
  input.type = "file";
  input.accept = "image/png,image/jpeg";
  input.id = "photo-upload";
  input.addEventListener("change", () => {
    if (input.files && input.files[0]) ctx.uploadPhoto(input.files[0]);
  });
  label.append(ctx.t("photo_replace"), " ", input);
  box.append(label);
  return box;
}

export function valueAt(data, path) {
  let node = data;
  for (const part of path) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}
