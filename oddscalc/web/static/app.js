// The workbench page: a form made from the game's schema (GET /api/form), the exact figures of the
// table on screen after every change (POST /api/analyze), and the long tools as tasks with a
// progress bar and a cancel button (POST /api/strategy|design|sweep|compare|parsheet, GET and
// DELETE /api/jobs/ID).  No figure is computed here: every number shown is the server's text.
"use strict";

const state = {form: null, game: "", pins: [], seq: 0, timer: null, aborter: null, last: null};
const KEY_METRICS = ["house_edge", "element_of_risk", "rtp", "rtp_total", "hit_frequency", "std_dev",
  "volatility_index_90", "volatility_index_95", "call_probability", "average_wager"];

function $(id) { return document.getElementById(id); }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "cls") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

function status(text) { $("status").textContent = text; }

async function api(path, body, signal) {
  const options = body === undefined ? {signal} :
    {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body), signal};
  const response = await fetch(path, options);
  const data = await response.json();
  return {status: response.status, data};
}

// --- the form -------------------------------------------------------------------------------------

async function loadGames(selected) {
  const {data} = await api("/api/games");
  const select = $("game");
  select.replaceChildren();
  const builtIn = el("optgroup", {label: "built-in games"});
  for (const game of data.games) builtIn.append(el("option", {value: game.name, text: `${game.title} (${game.name})`}));
  select.append(builtIn);
  if (data.files.length) {
    const own = el("optgroup", {label: "game files in the folder"});
    for (const name of data.files) own.append(el("option", {value: name, text: name}));
    select.append(own);
  }
  const wanted = selected || new URLSearchParams(location.search).get("game") || "caribbean-stud";
  select.value = wanted;
  if (select.value !== wanted) select.selectedIndex = 0;
}

async function loadForm(game) {
  state.game = game;
  status(`loading ${game}…`);
  const {status: code, data} = await api(`/api/form?game=${encodeURIComponent(game)}`);
  if (code !== 200) { $("form-error").textContent = data.error; status(""); return; }
  state.form = data;
  state.last = null;
  buildForm(data);
  fillVaries(data);
  clearTools();
  refresh(0);
}

function field(name, input, help) {
  return el("div", {cls: "field"}, el("label", {text: name, for: input.id}), input,
    el("span", {cls: "error", "data-error-for": input.dataset.field}),
    help ? el("small", {cls: "help", text: help}) : null);
}

function changed() { refresh(150); }

function buildForm(form) {
  $("game-title").textContent = `${form.title} (${form.engine}, per ${form.unit})`;
  $("game-description").textContent = form.description;
  $("side-games").replaceChildren(...(form.side_games.length ? ["also staked at this table:",
    ...form.side_games.map(name => el("button", {type: "button", text: name, onclick: () => {
      $("game").value = name; loadForm(name);
    }}))] : []));
  $("form-error").textContent = "";
  const strategy = $("form-strategy");
  strategy.replaceChildren();
  if (form.strategies.length) {
    const select = el("select", {id: "strategy", "data-field": "strategy", "data-shipped": form.optimal, onchange: changed});
    for (const s of form.strategies) select.append(el("option", {value: s.name, text: s.label}));
    select.append(el("option", {value: "", text: "rules of your own…"}));
    const own = el("input", {id: "strategy-rules", placeholder: "e.g. A-K-J-8-3+; A-K if match", hidden: true,
      oninput: changed});
    select.addEventListener("change", () => { own.hidden = select.value !== ""; });
    strategy.append(field("strategy", select, "the figures under this strategy (the optimum is re-solved at every change)"), own);
  }
  const inputs = $("form-inputs");
  inputs.replaceChildren();
  for (const item of form.inputs) {
    const input = el("input", {id: `input-${item.name}`, "data-field": `inputs.${item.name}`, "data-shipped": "",
      placeholder: item.example || "", oninput: changed});
    inputs.append(field(item.name + (item.required ? " (required)" : ""), input, item.help));
  }
  const rules = $("form-rules");
  rules.replaceChildren();
  for (const rule of form.rules) {
    let input;
    const attrs = {id: `rule-${rule.key}`, "data-field": `rules.${rule.key}`, "data-shipped": rule.value};
    if (rule.choices.length || rule.kind === "flag") {
      input = el("select", {...attrs, onchange: changed});
      for (const choice of (rule.kind === "flag" ? ["true", "false"] : rule.choices)) {
        input.append(el("option", {value: choice, text: choice}));
      }
      if (rule.value === "") input.prepend(el("option", {value: "", text: "(not set)"}));
      input.value = rule.value;
    } else {
      input = el("input", {...attrs, value: rule.value, placeholder: rule.value === "" ? "(not set)" : null,
        size: Math.max(6, Math.min(60, rule.value.length + 2)), oninput: changed});
    }
    const bounds = rule.low !== null || rule.high !== null ? ` (${rule.low ?? "…"} to ${rule.high ?? "…"})` : "";
    rules.append(field(rule.key, input, `${rule.help}${bounds}; ${rule.kind}`));
  }
  const paytables = $("form-paytables");
  paytables.replaceChildren();
  for (const table of form.paytables) {
    const role = table.main ? "main paytable" : table.side_bet ? "side bet" : "paytable";
    const box = el("fieldset", {cls: "paytable", "data-paytable": table.name},
      el("legend", {text: `${table.name}: ${role}, pays ${table.basis} one`}));
    for (const pay of table.pays) {
      const input = el("input", {id: `pay-${pay.key}`, "data-field": `pays.${pay.key}`, "data-shipped": pay.value,
        value: pay.value, size: 8, oninput: changed});
      box.append(field(pay.category, input, null));
    }
    const extra = el("input", {id: `extra-${table.name}`, "data-extra": table.name, placeholder: "CATEGORY=VALUE",
      size: 18, oninput: changed});
    box.append(el("div", {cls: "field"}, el("label", {text: "another pay", for: extra.id}), extra,
      el("span", {cls: "error", "data-error-for": `extra.${table.name}`})));
    paytables.append(box);
  }
  if (form.classes.length) {
    paytables.append(el("p", {cls: "help", text: `hand classes (paid as their category until a pay names them): ${form.classes.join(", ")}`}));
  }
}

function fillVaries(form) {
  for (const id of ["design-vary", "sweep-vary"]) {
    const select = $(id);
    select.replaceChildren();
    for (const table of form.paytables) {
      for (const pay of table.pays) select.append(el("option", {value: pay.key, text: pay.key}));
    }
  }
}

// the request of the table on screen: only what differs from the shipped table
function request() {
  const pays = {}, rules = {}, inputs = {};
  for (const input of document.querySelectorAll("[data-field]")) {
    const name = input.dataset.field;
    const value = input.value.trim();
    const differs = value !== input.dataset.shipped;
    input.classList.toggle("changed", differs && !name.startsWith("inputs."));
    if (name.startsWith("pays.") && differs) pays[name.slice(5)] = value === "" ? "none" : value;
    else if (name.startsWith("rules.") && differs && value !== "") rules[name.slice(6)] = value;
    else if (name.startsWith("inputs.") && value !== "") inputs[name.slice(7)] = value;
  }
  for (const input of document.querySelectorAll("[data-extra]")) {
    const text = input.value.trim();
    const at = text.indexOf("=");
    input.classList.toggle("changed", text !== "");
    if (at > 0) pays[`${input.dataset.extra}.${text.slice(0, at).trim()}`] = text.slice(at + 1).trim();
  }
  const body = {game: state.game, pays, rules};
  if (Object.keys(inputs).length) body.inputs = inputs;
  const strategy = $("strategy");
  if (strategy) {
    const chosen = strategy.value === "" ? $("strategy-rules").value.trim() : strategy.value;
    strategy.classList.toggle("changed", chosen !== state.form.optimal && chosen !== "");
    if (chosen && chosen !== state.form.optimal) body.strategy = chosen;
  }
  return body;
}

function showErrors(errors) {
  for (const span of document.querySelectorAll("[data-error-for]")) span.textContent = "";
  $("form-error").textContent = "";
  for (const error of errors || []) {
    const span = error.field && (document.querySelector(`[data-error-for="${CSS.escape(error.field)}"]`) ||
      extraError(error.field));
    if (span) span.textContent = error.message;
    else $("form-error").textContent = error.message;
  }
}

function extraError(name) {
  // a pay added with "another pay" is refused under that paytable's extra field
  const table = name.startsWith("pays.") ? name.slice(5).split(".")[0] : "";
  return table ? document.querySelector(`[data-error-for="extra.${CSS.escape(table)}"]`) : null;
}

// --- the figures ------------------------------------------------------------------------------------

function refresh(delay) {
  clearTimeout(state.timer);
  state.timer = setTimeout(analyze, delay);
}

async function analyze() {
  const body = request();
  const seq = ++state.seq;
  if (state.aborter) state.aborter.abort();
  state.aborter = new AbortController();
  status("solving…");
  const started = performance.now();
  let answer;
  try {
    answer = await api("/api/analyze", body, state.aborter.signal);
  } catch (error) {
    if (error.name === "AbortError") return;
    status(`the server did not answer: ${error}`);
    return;
  }
  if (seq !== state.seq) return;
  let {status: code, data} = answer;
  if (code === 202) {                   // a heavy game: its analysis is a task
    $("analyze-error").textContent = "";
    const result = await follow(data, $("analyze-job"), `analysing ${state.game}`);
    if (seq !== state.seq) return;
    if (result) {
      data = result;
      code = 200;
    } else {                            // refused by the API in the worker (a missing input…), or cancelled
      data = {error: $("analyze-error").textContent};
      $("analyze-error").textContent = "";
      code = 400;
    }
  }
  if (code !== 200) {
    showErrors(data.errors || [{field: null, message: data.error}]);
    status("refused");
    document.body.dataset.state = "refused";
    return;
  }
  showErrors([]);
  state.last = {body, data};
  showFigures(data);
  const seconds = ((performance.now() - started) / 1000).toFixed(3);
  $("answered").textContent = `answered in ${seconds} s (server ${data.seconds} s)`;
  status("");
  document.body.dataset.state = "ready";
  document.body.dataset.digest = data.digest;
  if ($("strategy-auto").checked) runStrategy();
}

function figureCell(metric) {
  if (!metric) return el("td", {text: "–"});
  return el("td", {}, el("span", {cls: "exact", text: metric.exact ?? "(irrational)"}),
    el("br"), el("span", {cls: "decimal", text: metric.decimal}), " ", el("span", {cls: "percent", text: `(${metric.percent})`}));
}

function showFigures(data) {
  const changes = $("changes");
  changes.replaceChildren();
  if (data.changes.length) {
    changes.append(el("p", {cls: "changed-note", text: "changed against the shipped table: " +
      data.changes.map(c => `${c.field.replace(/^(pays|rules)\./, "")} ${c.shipped} → ${c.value}`).join("; ")}));
  } else {
    changes.append(el("p", {cls: "help", text: "the shipped table"}));
  }
  const table = $("key-figures");
  table.replaceChildren(el("tr", {}, el("th", {text: "figure"}), el("th", {text: "now (exact, decimal)"}),
    el("th", {text: "shipped table"})));
  const main = data.wagers[0];
  if (!main) {
    table.append(el("tr", {}, el("td", {colspan: 3, text: "this game has no exact analysis: its report is below"})));
  } else {
    const shipped = data.shipped[main.key] || {};
    for (const metric of main.metrics.filter(m => KEY_METRICS.includes(m.key))) {
      const before = shipped[metric.key];
      const differs = before && (before.exact ?? before.decimal) !== (metric.exact ?? metric.decimal);
      table.append(el("tr", {"data-metric": metric.key, cls: differs ? "changed" : null},
        el("td", {text: metric.label}), figureCell(metric), figureCell(before)));
    }
  }
  const wagers = $("wagers");
  wagers.replaceChildren(el("tr", {}, ...["wager", "house edge per unit", "per total wagered", "return to player",
    "hit frequency", "shipped house edge"].map(text => el("th", {text}))));
  for (const wager of data.wagers) {
    const by = Object.fromEntries(wager.metrics.map(m => [m.key, m]));
    const before = (data.shipped[wager.key] || {}).house_edge;
    const differs = before && before.exact !== by.house_edge.exact;
    wagers.append(el("tr", {"data-wager": wager.key, cls: differs ? "changed" : null}, el("td", {text: wager.title}),
      ...["house_edge", "element_of_risk", "rtp", "hit_frequency"].map(k => figureCell(by[k])), figureCell(before)));
  }
  const outcomes = $("outcomes");
  outcomes.replaceChildren();
  if (main) {
    outcomes.append(el("tr", {}, ...["outcome", "count", "probability", "net", "contribution"].map(text => el("th", {text}))));
    for (const row of main.outcomes) {
      outcomes.append(el("tr", {}, el("td", {text: row.outcome}), el("td", {text: row.count.toLocaleString("en")}),
        el("td", {text: `${row.probability_decimal}`}), el("td", {text: row.net}), el("td", {text: row.contribution})));
    }
  }
  showTables($("report-tables"), data.tables);
}

function showTables(box, tables) {
  box.replaceChildren();
  for (const t of tables || []) {
    const table = el("table", {cls: "figures"}, el("caption", {text: t.title}),
      el("tr", {}, ...t.headers.map(text => el("th", {text}))));
    for (const row of t.rows) table.append(el("tr", {}, ...row.map(text => el("td", {text}))));
    box.append(table);
  }
}

// --- tasks: a progress bar, a cancel button, the result -------------------------------------------

async function follow(job, box, label) {
  box.hidden = false;
  const bar = box.querySelector("progress");
  const text = box.querySelector(".label");
  const cancel = box.querySelector(".cancel");
  cancel.onclick = () => fetch(`/api/jobs/${job.id}`, {method: "DELETE"});
  let current = job;
  while (current.state === "queued" || current.state === "running") {
    if (current.progress === null) bar.removeAttribute("value"); else bar.value = current.progress;
    text.textContent = `${label}: ${current.label} (${current.elapsed.toFixed(1)} s)`;
    const {data} = await api(`/api/jobs/${job.id}?wait=0.5`);
    current = data;
  }
  box.hidden = true;
  if (current.state !== "done") {
    const where = box.parentElement.querySelector(".error");
    if (where) where.textContent = current.error;
    return null;
  }
  return current.result;
}

async function task(kind, extra, name) {
  const box = $(`${name}-job`);
  const error = $(`${name}-error`);
  error.textContent = "";
  const {status: code, data} = await api(`/api/${kind}`, {...request(), ...extra});
  if (code !== 200 && code !== 202) { error.textContent = data.error; return null; }
  return follow(data, box, kind);
}

function clearTools() {
  for (const id of ["strategy-chart", "design-result", "sweep-chart", "sweep-table", "compare-result",
    "export-links", "overlay-text", "strategy-error", "design-error", "sweep-error", "compare-error", "export-error"]) {
    $(id).replaceChildren();
  }
  state.pins = [];
  showPins();
}

function shade(share) {
  // 0: no situation of the cell takes the action (pale); 1: all of them (deep green)
  const s = share === null ? null : Number(share);
  if (s === null) return "#eeeeee";
  const mix = (a, b) => Math.round(a + (b - a) * s);
  return `rgb(${mix(250, 34)}, ${mix(244, 139)}, ${mix(232, 34)})`;
}

async function runStrategy() {
  const result = await task("strategy", {}, "strategy");
  if (!result) return;
  const box = $("strategy-chart");
  box.replaceChildren();
  if (!result.charts.length) box.append(el("p", {text: "this game's decisions do not chart"}));
  for (const chart of result.charts) {
    const table = el("table", {cls: "chart", "data-point": chart.point},
      el("caption", {text: `${chart.point ? chart.point + ": " : ""}share of situations that ${chart.actions.slice(1).join(" / ")} (rows: ${chart.row_title}; columns: ${chart.column_title})`}),
      el("tr", {}, el("th"), ...chart.columns.map(text => el("th", {text}))));
    chart.rows.forEach((row, r) => {
      const line = el("tr", {}, el("th", {text: row}));
      chart.cells[r].forEach((cell, c) => {
        const td = el("td", {title: `${row} vs ${chart.columns[c]}: ${chart.actions.map((a, i) => `${a} ${cell.counts[i]}`).join(", ")}`,
          "data-share": cell.share ?? "", text: cell.share_decimal === null ? "" : String(Math.round(Number(cell.share_decimal) * 100))});
        td.style.backgroundColor = shade(cell.share_decimal);
        line.append(td);
      });
      table.append(line);
    });
    box.append(table);
    if (chart.rules.length) box.append(el("ul", {cls: "rules"}, ...chart.rules.map(([where, rule]) => el("li", {text: `${where}: ${rule}`}))));
  }
}

async function runDesign() {
  const extra = {vary: $("design-vary").value, target: $("design-target").value, per: $("design-per").value};
  const result = await task("design", extra, "design");
  if (!result) return;
  const box = $("design-result");
  box.replaceChildren();
  if (!result.found) {
    box.append(el("p", {text: result.report.reason || "no payout reaches the target"}));
  } else {
    box.append(el("p", {}, `${result.vary} pays `, el("strong", {cls: "payout-exact", text: result.payout}),
      ` = ${result.report.payout_decimal}`, " ",
      el("button", {id: "design-apply", type: "button", text: "apply it", onclick: () => applyPay(result.vary, result.payout)})));
  }
  const details = el("div");
  box.append(details);
  showTables(details, result.tables.slice(0, 2));
}

function applyPay(key, value) {
  const input = document.querySelector(`[data-field="pays.${CSS.escape(key)}"]`);
  if (input) { input.value = value; changed(); }
}

function parse(exact) {
  if (exact === null || exact === undefined) return NaN;
  const [p, q] = String(exact).split("/");
  return Number(p) / (q === undefined ? 1 : Number(q));
}

async function runSweep() {
  const extra = {vary: $("sweep-vary").value, from: $("sweep-from").value, to: $("sweep-to").value, step: $("sweep-step").value};
  const result = await task("sweep", extra, "sweep");
  if (!result) return;
  const rows = result.rows;
  const table = $("sweep-table");
  table.replaceChildren(el("caption", {text: `return of ${result.wager_title} against ${result.vary} (the table pays ${result.table_payout})`}),
    el("tr", {}, ...["payout", "return per unit", "per total wagered", "house edge", "call probability"].map(text => el("th", {text}))));
  for (const row of rows) {
    table.append(el("tr", {cls: row.payout === result.table_payout ? "changed" : null}, el("td", {text: row.payout}),
      el("td", {text: row.rtp}), el("td", {text: row.rtp_total}), el("td", {text: row.house_edge}),
      el("td", {text: row.call_probability ?? ""})));
  }
  drawSweep($("sweep-chart"), rows.map(row => [parse(row.payout), parse(row.rtp), parse(row.rtp_total)]), parse(result.table_payout));
}

function drawSweep(box, points, mark) {
  const svgNS = "http://www.w3.org/2000/svg";
  const w = 460, h = 220, pad = 40;
  const xs = points.map(p => p[0]), ys = points.flatMap(p => [p[1], p[2]]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)], [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const X = x => pad + (x1 === x0 ? 0.5 : (x - x0) / (x1 - x0)) * (w - 2 * pad);
  const Y = y => h - pad - (y1 === y0 ? 0.5 : (y - y0) / (y1 - y0)) * (h - 2 * pad);
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("width", w);
  svg.setAttribute("height", h);
  const add = (tag, attrs) => {
    const node = document.createElementNS(svgNS, tag);
    for (const [k, v] of Object.entries(attrs)) { if (k === "text") node.textContent = v; else node.setAttribute(k, v); }
    svg.append(node);
    return node;
  };
  add("line", {x1: pad, y1: h - pad, x2: w - pad, y2: h - pad, stroke: "#555"});
  add("line", {x1: pad, y1: pad, x2: pad, y2: h - pad, stroke: "#555"});
  add("text", {x: pad, y: h - 10, text: String(x0), "font-size": 11});
  add("text", {x: w - pad, y: h - 10, text: String(x1), "font-size": 11, "text-anchor": "end"});
  add("text", {x: 4, y: pad, text: `${(y1 * 100).toFixed(2)} %`, "font-size": 11});
  add("text", {x: 4, y: h - pad, text: `${(y0 * 100).toFixed(2)} %`, "font-size": 11});
  if (!Number.isNaN(mark) && mark >= x0 && mark <= x1) {
    add("line", {x1: X(mark), y1: pad, x2: X(mark), y2: h - pad, stroke: "#b00", "stroke-dasharray": "4 3"});
  }
  for (const [i, colour] of [[1, "#1f5fa8"], [2, "#2a8a3a"]]) {
    add("polyline", {points: points.map(p => `${X(p[0])},${Y(p[i])}`).join(" "), fill: "none", stroke: colour, "stroke-width": 2});
  }
  add("text", {x: w - pad, y: pad - 8, text: "per unit (blue), per total wagered (green)", "font-size": 11, "text-anchor": "end"});
  box.replaceChildren(svg);
}

function pinSpec(body) {
  const parts = [];
  for (const [key, value] of Object.entries(body.pays)) parts.push(`${key}=${value}`);
  for (const [key, value] of Object.entries(body.rules)) parts.push(`${key}=${value}`);
  if (body.strategy) parts.push(`strategy=${body.strategy}`);
  return parts;
}

function showPins() {
  $("pins").replaceChildren(...state.pins.map((spec, i) => el("li", {}, spec, " ",
    el("button", {type: "button", text: "unpin", onclick: () => { state.pins.splice(i, 1); showPins(); }}))));
}

function pin() {
  const parts = pinSpec(request());
  const error = $("compare-error");
  error.textContent = "";
  if (!parts.length) { error.textContent = "change a pay, a rule or the strategy first: the shipped table is always the first column"; return; }
  if (parts.some(part => part.slice(part.indexOf("=") + 1).includes(","))) {
    error.textContent = "a value holding a comma (a list rule) cannot be pinned: export its overlay file instead";
    return;
  }
  state.pins.push(parts.join(","));
  showPins();
}

async function runCompare() {
  if (!state.pins.length) { $("compare-error").textContent = "pin a table first"; return; }
  $("compare-error").textContent = "";
  const box = $("compare-job");
  const {status: code, data} = await api("/api/compare", {game: state.game, variants: state.pins});
  if (code !== 202 && code !== 200) { $("compare-error").textContent = data.error; return; }
  const result = await follow(data, box, "compare");
  if (result) showTables($("compare-result"), result.tables);
}

async function exportOverlay() {
  $("export-error").textContent = "";
  const {status: code, data} = await api("/api/overlay", request());
  if (code !== 200) { $("export-error").textContent = data.error; return; }
  $("overlay-text").textContent = data.toml;
  $("export-links").replaceChildren(el("a", {id: "overlay-link", href: `/api/files/${data.file}`, text: data.file}));
}

async function exportSheet(format) {
  const result = await task("parsheet", {format}, "export");
  if (!result) return;
  $("export-links").replaceChildren(el("a", {id: "sheet-link", href: `/api/files/${result.file}`, target: "_blank", text: result.file}));
}

async function upload(event) {
  const file = event.target.files[0];
  if (!file) return;
  const text = await file.text();
  const {status: code, data} = await api("/api/files", {name: file.name, text});
  if (code !== 200) { $("form-error").textContent = data.error; return; }
  await loadGames(file.name);
  await loadForm(file.name);
}

function reset() {
  for (const input of document.querySelectorAll("[data-field]")) {
    if (!input.dataset.field.startsWith("inputs.")) input.value = input.dataset.shipped;
  }
  for (const input of document.querySelectorAll("[data-extra]")) input.value = "";
  const strategy = $("strategy");
  if (strategy) { strategy.value = state.form.optimal; $("strategy-rules").hidden = true; }
  changed();
}

window.addEventListener("DOMContentLoaded", async () => {
  $("game").addEventListener("change", event => loadForm(event.target.value));
  $("upload").addEventListener("change", upload);
  $("reset").addEventListener("click", reset);
  $("strategy-run").addEventListener("click", runStrategy);
  $("design-run").addEventListener("click", runDesign);
  $("sweep-run").addEventListener("click", runSweep);
  $("pin").addEventListener("click", pin);
  $("compare-run").addEventListener("click", runCompare);
  $("export-overlay").addEventListener("click", exportOverlay);
  $("export-html").addEventListener("click", () => exportSheet("html"));
  $("export-pdf").addEventListener("click", () => exportSheet("pdf"));
  await loadGames();
  await loadForm($("game").value);
});
