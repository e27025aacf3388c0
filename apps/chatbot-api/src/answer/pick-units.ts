import { opensLeaning, pointsAhead } from '../language/answer-words.js';
import type { Intent } from '../language/cues.js';
import { factIntentsOf } from '../language/facts.js';
import {
  allMustHold,
  depthOf,
  itemScore,
  listRuns,
  pointedAt,
  sameParagraph,
  singledOut,
  tableOf,
  unjoined,
  withUnder,
} from './list-runs.js';
import { HEADING_PARAGRAPH, type ScoredUnit } from './score-units.js';
import { isQuestion } from './sentences.js';

/*
 * Which units of the answering section to quote, in reading order: the list for "what do I bring",
 * the steps for "how do I", the fact asked for (a table keeps its sibling rows), else the sentences
 * carrying the question's concepts; within a length budget.
 */

export const MAX_LIST_ITEMS = 8;
const MAX_SENTENCES = 3;
/** A how-to's steps are said to the end, within the character budget: a route cut short strands the reader. */
const MAX_STEPS = 10;
/** Sentences of prose read on for a how-to question (steps written as prose). */
const MAX_STEP_SENTENCES = 6;
const MAX_CHARS = 900;
/** Prose sentences read on after one that points at what follows it, before the list it points at. */
const POINTED_PROSE = 2;
/** A unit this many times more about the question than the fact quoted is quoted with it. */
const TOPIC_OVER_FACT = 2;
/** A sentence this many times more about a "how do I" question than any list answers it instead. */
const PROSE_OVER_LIST = 2;

/** A prose unit that leads into what follows it ("Both of these must be true:"). */
export function leadsIn(u: ScoredUnit): boolean {
  return !u.unit.listItem && u.unit.text.endsWith(':');
}

/** The units to quote from the answering passage, in reading order. */
export function pickUnits(
  units: readonly ScoredUnit[],
  intents: readonly Intent[],
  titled: boolean,
  /** The section's own heading asks the visitor's question ("Can I use a passport?"): its text answers it from the start. */
  answersHeading = false,
): ScoredUnit[] {
  return finishLists(choose(units, intents, titled, answersHeading), units);
}

/**
 * Conditions that must all hold are quoted all or none (two of "all of these must be true" mislead);
 * an item quoted without the one after it loses the joiner that tied them ("…65 years old, or").
 */
function finishLists(picked: readonly ScoredUnit[], units: readonly ScoredUnit[]): ScoredUnit[] {
  const chosen = new Set(picked);
  for (const run of listRuns(units)) {
    if (run.items.length > MAX_LIST_ITEMS || !run.items.some((u) => chosen.has(u)) || !allMustHold(run.items))
      continue;
    for (const u of withUnder(run)) chosen.add(u);
    if (run.lead && run.lead.unit.text.length <= 300) chosen.add(run.lead);
  }
  // The item after an item is the next one at its depth, past what is written under it.
  const nextItem = (u: ScoredUnit) => units.slice(u.unit.position + 1).find((x) => depthOf(x) <= depthOf(u));
  const out = [...chosen]
    .sort((a, b) => a.unit.position - b.unit.position)
    .map((u) => {
      const next = nextItem(u);
      return u.unit.listItem && next?.unit.listItem && depthOf(next) === depthOf(u) && !chosen.has(next)
        ? unjoined(u)
        : u;
    });
  // A list item left open (no closing punctuation) and a short figure after it (a city and ZIP
  // code after a street) are one thing: "950 Pennsylvania Avenue, NW, Washington, DC 20530."
  for (let i = out.length - 2; i >= 0; i--) {
    const [item, line] = [out[i]!, out[i + 1]!];
    if (
      item.unit.listItem &&
      !line.unit.listItem &&
      line.unit.position === item.unit.position + 1 &&
      !/[.!?:;]$/.test(item.unit.text.trim()) &&
      /\d/.test(line.unit.text) &&
      line.unit.text.trim().split(/\s+/).length <= 6
    )
      out.splice(i, 2, {
        ...item,
        unit: { ...item.unit, text: `${item.unit.text.trim()}, ${line.unit.text.trim()}` },
      });
  }
  return out;
}

function choose(
  units: readonly ScoredUnit[],
  intents: readonly Intent[],
  titled: boolean,
  answersHeading: boolean,
): ScoredUnit[] {
  if (units.length === 0) return [];
  const facts = factIntentsOf(intents);
  const wantsList = intents.includes('list') || intents.includes('steps');
  // "Why" is answered by a list of reasons whose lead-in names what is asked about ("PDF files:"
  // then "Are slow to open", "Are not mobile-friendly"); a list the lead-in does not tie to the
  // question is no reason.
  const wantsReasons = !wantsList && intents.includes('reason');
  const runs = wantsList
    ? listRuns(units)
    : wantsReasons
      ? listRuns(units).filter((r) => (r.lead?.concepts ?? 0) > 0)
      : [];
  if (runs.length > 0) {
    // The run whose items and lead-in hold the question's concepts; in a section titled for the
    // question ("What to bring"), its first list is the answer.
    const scored = runs.map((r) => ({
      r,
      s:
        r.items.map(itemScore(r)).reduce((a, x) => a + x, 0) / r.items.length +
        (r.lead?.concepts ?? 0) +
        (titled ? 0.01 : 0),
    }));
    scored.sort((a, b) => b.s - a.s);
    const best = scored[0]!;
    // "What should I wear" in a section listing what to bring, then "Dress comfortably…": a
    // sentence outside the list holding more of the question than any item or the lead-in answers.
    const inRuns = new Set(runs.flatMap((r) => [...withUnder(r), ...(r.lead ? [r.lead] : [])]));
    const listBest = Math.max(...best.r.items.map(itemScore(best.r)), best.r.lead?.concepts ?? 0);
    const proseBest = Math.max(0, ...units.filter((u) => !inRuns.has(u)).map((u) => u.concepts));
    // So does, for "how do I appeal", a sentence holding far more of it than any list of the section
    // (what to bring to the hearing).
    const proseAnswers =
      (intents.includes('list') && !intents.includes('steps') && proseBest > listBest) ||
      (intents.includes('steps') && !intents.includes('list') && proseBest > PROSE_OVER_LIST * listBest);
    if (!proseAnswers && (best.s > 0 || (titled && !wantsReasons))) {
      const max = intents.includes('steps') && !intents.includes('list') ? MAX_STEPS : MAX_LIST_ITEMS;
      const lead = best.r.lead && best.r.lead.unit.text.length <= 300 ? [best.r.lead] : [];
      // A list neither its heading nor its lead-in ties to the question, one item of which holds
      // the question ("Education and Training: apply for the GI Bill…" among a hub's other
      // benefits): that item is the answer, not its neighbours.
      const one = singledOut(best.r.items, itemScore(best.r));
      if (!titled && (best.r.lead?.concepts ?? 0) === 0 && one !== null)
        return [...lead, ...withUnder(best.r, [one])];
      // Each item with what is written under it (its details come last within the budget: trimToBudget).
      const items = best.r.items.slice(0, max);
      const quoted = withUnder(best.r, items);
      return [...lead, ...quoted, ...(items.length === best.r.items.length ? pointedAt(quoted, units) : [])];
    }
  }
  if (facts.length > 0) {
    // A fact counts only in a unit about the question ("free" alone is not the fee waiver): one
    // that names the question's concepts, or whose lead-in does ("Mail it to:" then the address).
    const about = (u: ScoredUnit) => {
      const prev = units[u.unit.position - 1];
      return Math.max(u.concepts, prev?.unit.text.endsWith(':') ? prev.concepts : 0);
    };
    // In a section whose heading names the question, every fact is about it ("Traffic school" >
    // "… plus a $64 administrative fee").
    const withFact = units.filter((u) => u.fact && (about(u) > 0 || titled));
    if (withFact.length > 0) {
      const best = [...withFact].sort(
        (a, b) =>
          Number(b.inRange ?? false) - Number(a.inRange ?? false) ||
          Number(b.counted ?? false) - Number(a.counted ?? false) ||
          about(b) - about(a) ||
          (b.phrases ?? 0) - (a.phrases ?? 0) ||
          a.unit.position - b.unit.position,
      )[0]!;
      const picked = [best];
      const table = tableOf(best.unit);
      // A list of facts (half its items or more) none of which the question singles out ("Legal
      // holidays": thirteen dated days) is the answer as a list, as a table's rows are.
      const run =
        best.unit.listItem && table === null
          ? listRuns(units).find((r) => r.items.includes(best))
          : undefined;
      if (
        run &&
        run.items.length > 1 &&
        run.items.every((u) => u.concepts === best.concepts) &&
        run.items.filter((u) => u.fact).length * 2 >= run.items.length
      ) {
        const lead = run.lead && run.lead.unit.text.length <= 300 ? [run.lead] : [];
        const items = run.items.slice(0, MAX_LIST_ITEMS);
        // A fact right after the whole list completes its last item ("… 950 Pennsylvania Avenue, NW"
        // then "Washington, DC 20530.").
        const after = units[run.items.at(-1)!.unit.position + 1];
        const tail = items.length === run.items.length && after?.fact && !after.unit.listItem ? [after] : [];
        return [...lead, ...items, ...tail];
      }
      if (table !== null) {
        // A row the question singles out (the only one naming what is asked, or holding the number
        // it gives: "10 over" in "1 to 15 mph over") is the answer; else the table's rows are.
        const rows = units.filter((u) => u !== best && tableOf(u.unit) === table && u.fact);
        const singled =
          rows.every((u) => about(u) < about(best)) ||
          (best.inRange === true && rows.every((u) => u.inRange !== true));
        if (!singled) picked.push(...rows.slice(0, 4));
      } else if (leadsIn(best)) {
        // A fact that leads into a list ("You can get these items free of charge as long as:") is
        // said with the list.
        const run = listRuns(units).find((r) => r.lead === best);
        picked.push(...(run?.items.slice(0, MAX_LIST_ITEMS) ?? []));
      } else {
        // The sentence after the fact often completes it ("…$75. Pay online or by mail."), and so
        // does the rest of its paragraph.
        const next = units[best.unit.position + 1];
        if (
          next &&
          !next.unit.listItem &&
          (next.fact ||
            next.concepts > 0 ||
            sameParagraph(next, best) ||
            best.unit.paragraph === HEADING_PARAGRAPH)
        )
          picked.push(next);
        const prev = units[best.unit.position - 1];
        if (prev?.unit.text.endsWith(':')) picked.unshift(prev);
      }
      // A sentence far more about the question than the fact goes with it: "can he fire me if he
      // won't pay me" is answered by the job protection, not only by the juror pay.
      const topic = [...units].sort(
        (a, b) =>
          b.concepts - a.concepts || (b.phrases ?? 0) - (a.phrases ?? 0) || a.unit.position - b.unit.position,
      )[0]!;
      if (topic.concepts > 0 && topic.concepts >= about(best) * TOPIC_OVER_FACT && !picked.includes(topic))
        picked.push(topic);
      return picked.sort((a, b) => a.unit.position - b.unit.position);
    }
  }
  const max = intents.includes('steps') ? MAX_STEP_SENTENCES : MAX_SENTENCES;
  // Under a heading that asks the question, the answer opens the section ("Not yet. …"), often
  // without the question's words, which the heading already carries.
  const best = answersHeading
    ? units[0]!
    : [...units].sort(
        (a, b) =>
          b.concepts - a.concepts || (b.phrases ?? 0) - (a.phrases ?? 0) || a.unit.position - b.unit.position,
      )[0]!;
  if (best.concepts === 0 && !answersHeading) return units.slice(0, Math.min(2, units.length));
  // A lead-in to a list one of whose items the question singles out ("Korean conflict (June 27,
  // 1950, to …)" for "what counts as wartime for the korean war"): the lead-in and that item.
  if (best.unit.text.endsWith(':') && !best.unit.listItem) {
    // The list's own items: what is written under one is not another item.
    const items: ScoredUnit[] = [];
    const top = units[best.unit.position + 1];
    for (let i = best.unit.position + 1; i < units.length; i++) {
      const u = units[i]!;
      if (depthOf(u) > depthOf(top!)) continue;
      if (!u.unit.listItem || depthOf(u) < depthOf(top!)) break;
      items.push(u);
    }
    // Singled out by what it adds to the section's headings: "security checks" in one tip of a page
    // titled "Security check failed" names no more than every tip is about.
    const one = singledOut(items, (u) => u.distinct ?? u.concepts);
    if (one !== null) return [best, one];
  }
  const picked = [best];
  // A question the page asks itself (an FAQ's "Can a center charge extra?") is no answer alone: the
  // text that follows it answers it.
  const asks = (u: ScoredUnit) => isQuestion(u.unit.text);
  // Reading on from the best unit while the text stays on the question, then its lead-in.
  // Reading a list that a quoted lead-in introduces: its items go with it.
  const bestPoints = pointsAhead(best.unit.text);
  let led = best.unit.text.endsWith(':') || bestPoints;
  // The items of a list a quoted lead-in introduces are read whole (up to the list's own limit), not
  // counted as sentences: two of the conditions that "all of these must be true" name mislead.
  const ledItems = new Set<ScoredUnit>();
  // Nor is an item that leads into its own nested list ("File the form to your case:"), nor what is
  // written under an item: they are read with the item.
  const counted = (p: ScoredUnit) => !p.unit.text.endsWith(':') && !ledItems.has(p) && depthOf(p) === 0;
  // A sentence pointing at what follows it ("if any of the below relationships describes you") is
  // read on to that: the prose after it, up to two sentences, and the list they lead into.
  let ahead = bestPoints ? POINTED_PROSE : 0;
  for (let i = best.unit.position + 1; i < units.length; i++) {
    const u = units[i]!;
    if (u.unit.listItem && led && ledItems.size >= MAX_LIST_ITEMS) break;
    // What is written under a led item (a paragraph, a nested list) is read with it.
    const inLedList = (u.unit.listItem || depthOf(u) > 0) && led;
    // An FAQ entry's first paragraph is its answer, whole (up to the character budget).
    // A lead-in ("You can use these tools to:") is read with its list, not counted apart from it.
    if (!inLedList && picked.filter(counted).length >= max && !(answersHeading && sameParagraph(u, best)))
      break;
    // Steps are read on through the section; other answers stop where the text leaves the question.
    const next = units[i + 1];
    const onTopic =
      answersHeading ||
      u.concepts >= best.concepts * 0.5 ||
      inLedList ||
      // What a quoted lead-in introduces, when it is prose ("Here's how it all comes together:" then
      // "Pathway Logic: First, …").
      leadsIn(picked[picked.length - 1]!) ||
      (leadsIn(u) && next?.unit.listItem === true && next.concepts >= best.concepts * 0.5) ||
      picked.every(asks) ||
      opensLeaning(u.unit.text) ||
      // The rest of the best sentence's paragraph: the author's own unit of thought.
      sameParagraph(u, best) ||
      ahead > 0;
    if (!onTopic && !intents.includes('steps')) break;
    picked.push(u);
    if (inLedList && depthOf(u) === 0) ledItems.add(u);
    const points = pointsAhead(u.unit.text);
    led = u.unit.text.endsWith(':') || points || (led && (u.unit.listItem || depthOf(u) > 0));
    ahead = points ? POINTED_PROSE : u.unit.listItem || led ? 0 : ahead - 1;
  }
  // A list item quoted without its list ("When you are in court, participating in a hearing…") is
  // said with the lead-in that tells what the items are ("…need to comply with the ADA, including:").
  const run = best.unit.listItem ? listRuns(units).find((r) => r.items.includes(best)) : undefined;
  const lead = run?.lead;
  if (run && run.items[0] !== best && lead && leadsIn(lead) && !picked.includes(lead))
    return [lead, ...picked].sort((a, b) => a.unit.position - b.unit.position);
  const prev = units[best.unit.position - 1];
  if (prev && picked.length < max && prev.unit.text.endsWith(':')) picked.unshift(prev);
  // A best sentence that leans on the one before it ("This is done by …") is quoted with it.
  else if (prev && picked.length < max && !prev.unit.listItem && opensLeaning(best.unit.text))
    picked.unshift(prev);
  return picked.sort((a, b) => a.unit.position - b.unit.position);
}

/**
 * The picked units within the character budget, in reading order. What is written under a quoted
 * list item (a nested list, a paragraph) is a detail: a how-to's steps are quoted first, each to the
 * end, and their details fill what budget is left, those holding most of the question first, each
 * with the item it is under.
 */
export function trimToBudget(picked: ScoredUnit[]): ScoredUnit[] {
  const parentOf = new Map<ScoredUnit, ScoredUnit>();
  picked.forEach((u, i) => {
    if (depthOf(u) === 0) return;
    const parent = picked
      .slice(0, i)
      .reverse()
      .find((p) => depthOf(p) < depthOf(u));
    if (parent?.unit.listItem || (parent && parentOf.has(parent))) parentOf.set(u, parent);
  });
  const kept = new Set<ScoredUnit>();
  let chars = 0;
  const cost = (u: ScoredUnit) => u.unit.text.length + 4;
  for (const u of picked) {
    if (parentOf.has(u)) continue;
    if (kept.size > 0 && chars + u.unit.text.length > MAX_CHARS) break;
    kept.add(u);
    chars += cost(u);
  }
  const details = [...parentOf.keys()].sort(
    (a, b) => b.concepts - a.concepts || a.unit.position - b.unit.position,
  );
  for (const u of details) {
    // A detail comes with the details it is under ("To report identity theft:" for its phone number),
    // and a sentence with the sentences before it in its paragraph.
    const chain: ScoredUnit[] = [];
    for (let x: ScoredUnit | undefined = u; x && !kept.has(x); x = parentOf.get(x)) chain.push(x);
    const root = parentOf.get(chain.at(-1)!);
    if (chain.length === 0 || !root || !kept.has(root)) continue;
    for (const x of picked)
      if (x.unit.position < u.unit.position && !kept.has(x) && !chain.includes(x) && sameParagraph(x, u))
        chain.push(x);
    const more = chain.reduce((a, x) => a + cost(x), 0);
    if (chars + more - 4 > MAX_CHARS) continue;
    for (const x of chain) kept.add(x);
    chars += more;
  }
  // A detail that leads into what follows it ("More secure:") is no detail without that.
  picked.forEach((u, i) => {
    const next = picked[i + 1];
    if (parentOf.has(u) && u.unit.text.trim().endsWith(':') && !(next && kept.has(next))) kept.delete(u);
  });
  return picked.filter((u) => kept.has(u));
}
