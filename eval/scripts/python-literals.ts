/**
 * A Python literal evaluator, for fixture builders whose source site keeps its page text in Python
 * (build-taxcourt-site.ts): strings (all prefixes, f-strings), numbers, names, lists, tuples, dicts,
 * `+`, subscripts, attributes and calls. Nothing is executed: a call is recorded, not run; a name it
 * does not know is an `Unknown`. A statement it cannot read is skipped, which only ever loses a page.
 */

export class Call {
  constructor(
    readonly name: string,
    readonly args: Py[],
    readonly kwargs: Record<string, Py>,
  ) {}
}
export class Unknown {
  constructor(readonly path: string) {}
}
export type Py = string | number | boolean | null | Py[] | { [k: string]: Py } | Call | Unknown;
type Tok =
  | { t: 'str'; v: string }
  | { t: 'fstr'; parts: { lit?: string; expr?: string }[] }
  | { t: 'num'; v: number }
  | { t: 'name'; v: string }
  | { t: 'op'; v: string }
  | { t: 'nl' };

function decodeEscapes(s: string): string {
  return s.replace(/\\(\n|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (m, c: string) => {
    if (c === '\n') return '';
    if (c.length > 1) return String.fromCharCode(Number.parseInt(c.slice(1), 16));
    return { n: '\n', t: '\t', r: '', '\\': '\\', "'": "'", '"': '"' }[c] ?? m;
  });
}

function fstringParts(body: string, raw: boolean): { lit?: string; expr?: string }[] {
  const parts: { lit?: string; expr?: string }[] = [];
  let lit = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if ((c === '{' || c === '}') && body[i + 1] === c) {
      lit += c;
      i++;
    } else if (c === '{') {
      let depth = 0;
      let quote = '';
      let j = i + 1;
      for (; j < body.length; j++) {
        const d = body[j] ?? '';
        if (quote) {
          if (d === quote) quote = '';
        } else if (d === '"' || d === "'") quote = d;
        else if ('([{'.includes(d)) depth++;
        else if (')]'.includes(d) || (d === '}' && depth > 0)) depth--;
        else if (d === '}') break;
      }
      parts.push({ lit: raw ? lit : decodeEscapes(lit) });
      lit = '';
      parts.push({ expr: (body.slice(i + 1, j).split(/!(?=[rsa]$)/)[0] ?? '').replace(/:[^\]"')]*$/, '') });
      i = j;
    } else lit += c;
  }
  parts.push({ lit: raw ? lit : decodeEscapes(lit) });
  return parts;
}

function tokenize(src: string): Tok[] {
  const toks: Tok[] = [];
  let depth = 0;
  let i = 0;
  const re = {
    str: /^([rRbBuUfF]{0,2})('''|"""|'|")/,
    name: /^[A-Za-z_][A-Za-z0-9_]*/,
    num: /^\d+(\.\d+)?/,
    op: /^(==|!=|<=|>=|\+=|-=|->|\*\*|[-+*/%<>=()[\]{}:,.@|&~^!])/,
  };
  while (i < src.length) {
    const rest = src.slice(i);
    const c = src[i] ?? '';
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '\\' && src[i + 1] === '\n') i += 2;
    else if (c === '\n') {
      if (depth === 0 && toks.at(-1)?.t !== 'nl') toks.push({ t: 'nl' });
      i++;
    } else if (/\s/.test(c)) i++;
    else if (re.str.test(rest)) {
      const m = re.str.exec(rest) as RegExpExecArray;
      const prefix = (m[1] ?? '').toLowerCase();
      const q = m[2] ?? '"';
      let j = i + m[0].length;
      while (j < src.length && !src.startsWith(q, j)) j += src[j] === '\\' ? 2 : 1;
      const body = src.slice(i + m[0].length, j);
      const raw = prefix.includes('r');
      toks.push(
        prefix.includes('f')
          ? { t: 'fstr', parts: fstringParts(body, raw) }
          : { t: 'str', v: raw ? body : decodeEscapes(body) },
      );
      i = j + q.length;
    } else if (re.name.test(rest)) {
      const v = (re.name.exec(rest) as RegExpExecArray)[0];
      toks.push({ t: 'name', v });
      i += v.length;
    } else if (re.num.test(rest)) {
      const v = (re.num.exec(rest) as RegExpExecArray)[0];
      toks.push({ t: 'num', v: Number(v) });
      i += v.length;
    } else {
      const v = re.op.exec(rest)?.[0] ?? c;
      if ('([{'.includes(v)) depth++;
      if (')]}'.includes(v)) depth--;
      toks.push({ t: 'op', v });
      i += v.length;
    }
  }
  return toks;
}

export const toStr = (v: Py): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** A document the initializer uploads at run time; the fixture does not carry it. */
const isFileName = (k: string): boolean => /\.(pdf|csv|jpe?g|png|docx?|xlsx?|mp4)$/i.test(k);

class Evaluator {
  private toks: Tok[] = [];
  private pos = 0;
  constructor(readonly env: Record<string, Py>) {}

  eval(toks: Tok[]): Py {
    const saved = [this.toks, this.pos] as const;
    this.toks = toks;
    this.pos = 0;
    try {
      const v = this.expr();
      if (this.pos < toks.length) throw new Error('trailing tokens');
      return v;
    } finally {
      [this.toks, this.pos] = saved;
    }
  }

  private peek(v?: string): boolean {
    const t = this.toks[this.pos];
    return v === undefined ? t !== undefined : (t?.t === 'op' || t?.t === 'name') && t.v === v;
  }
  private take(v: string): void {
    if (!this.peek(v)) throw new Error(`expected ${v}`);
    this.pos++;
  }

  private expr(): Py {
    let v = this.postfix();
    while (this.peek('+')) {
      this.pos++;
      const r = this.postfix();
      v =
        Array.isArray(v) && Array.isArray(r)
          ? [...v, ...r]
          : typeof v === 'number' && typeof r === 'number'
            ? v + r
            : toStr(v) + toStr(r);
    }
    return v;
  }

  private postfix(): Py {
    let v = this.atom();
    for (;;) {
      if (this.peek('.')) {
        this.pos++;
        const t = this.toks[this.pos++];
        if (t?.t !== 'name') throw new Error('attribute');
        const path = `${v instanceof Unknown ? v.path : v instanceof Call ? v.name : '?'}.${t.v}`;
        // A lookup's `.id` or `.first()` stands for the looked-up object itself.
        v = path in this.env ? (this.env[path] ?? null) : v instanceof Call ? v : new Unknown(path);
      } else if (this.peek('[')) {
        this.pos++;
        const key = this.expr();
        this.take(']');
        v = this.subscript(v, key);
      } else if (this.peek('(')) {
        this.pos++;
        const args: Py[] = [];
        const kwargs: Record<string, Py> = {};
        while (!this.peek(')')) {
          const t = this.toks[this.pos];
          const n = this.toks[this.pos + 1];
          if (t?.t === 'name' && n?.t === 'op' && n.v === '=') {
            this.pos += 2;
            kwargs[t.v] = this.expr();
          } else args.push(this.expr());
          if (!this.peek(')')) this.take(',');
        }
        this.take(')');
        // A method called with nothing (`.first()`, `.specific()`) stands for the object it is called on.
        if (v instanceof Call && args.length === 0 && Object.keys(kwargs).length === 0) continue;
        const name = v instanceof Unknown ? v.path : v instanceof Call ? v.name : '?';
        v = new Call(name, args, kwargs);
        this.calls.push(v);
      } else return v;
    }
  }

  readonly calls: Call[] = [];

  private subscript(v: Py, key: Py): Py {
    if (Array.isArray(v) && typeof key === 'number') return v[key] ?? null;
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Call) && !(v instanceof Unknown)) {
      const k = toStr(key);
      const got = (v as Record<string, Py>)[k];
      if ((got === undefined || got === '') && isFileName(k)) return `DOC:${k}`;
      if (got !== undefined) return got;
    }
    if (typeof key === 'string' && isFileName(key)) return `DOC:${key}`;
    return new Unknown(`?[${toStr(key)}]`);
  }

  private atom(): Py {
    const t = this.toks[this.pos++];
    if (!t) throw new Error('end of input');
    if (t.t === 'str' || t.t === 'fstr') {
      let s = this.strValue(t);
      for (let n = this.toks[this.pos]; n && (n.t === 'str' || n.t === 'fstr'); n = this.toks[this.pos]) {
        s += this.strValue(n);
        this.pos++;
      }
      return s;
    }
    if (t.t === 'num') return t.v;
    if (t.t === 'nl') throw new Error('newline');
    if (t.t === 'name') {
      if (t.v === 'True' || t.v === 'False') return t.v === 'True';
      if (t.v === 'None') return null;
      if (['for', 'if', 'in', 'not', 'and', 'or', 'lambda', 'import'].includes(t.v)) throw new Error(t.v);
      return t.v in this.env ? (this.env[t.v] ?? null) : new Unknown(t.v);
    }
    if (t.v === '-') {
      const v = this.atom();
      return typeof v === 'number' ? -v : v;
    }
    if (t.v === '(' || t.v === '[') {
      const close = t.v === '(' ? ')' : ']';
      const items: Py[] = [];
      let tuple = t.v === '[';
      while (!this.peek(close)) {
        items.push(this.expr());
        if (!this.peek(close)) {
          this.take(',');
          tuple = true;
        }
      }
      this.take(close);
      return tuple ? items : (items[0] ?? null);
    }
    if (t.v === '{') {
      const obj: Record<string, Py> = {};
      while (!this.peek('}')) {
        const k = this.expr();
        this.take(':');
        obj[toStr(k)] = this.expr();
        if (!this.peek('}')) this.take(',');
      }
      this.take('}');
      return obj;
    }
    throw new Error(`unexpected ${t.v}`);
  }

  private strValue(t: Tok): string {
    if (t.t === 'str') return t.v;
    if (t.t !== 'fstr') return '';
    return t.parts.map((p) => p.lit ?? toStr(this.eval(tokenize(p.expr ?? '')))).join('');
  }
}

/**
 * Reads a Python file statement by statement: `name = expr` (also `self.name = expr`) binds; any
 * other statement is evaluated for the calls it records. Block headers (`def`, `for`, `if`…) and
 * imports are skipped, so every assignment in the file is seen once, in source order.
 */
export function readPython(
  source: string,
  imported: Record<string, Py> = {},
): { env: Record<string, Py>; calls: Call[] } {
  const ev = new Evaluator({ ...imported });
  const stmts: Tok[][] = [[]];
  for (const t of tokenize(source)) {
    if (t.t === 'nl') stmts.push([]);
    else stmts.at(-1)?.push(t);
  }
  for (const s of stmts) {
    const first = s[0];
    if (!first || (s.at(-1)?.t === 'op' && (s.at(-1) as { v: string }).v === ':')) continue;
    if (first.t === 'name' && ['import', 'from', 'class', 'def', 'raise', 'pass'].includes(first.v)) continue;
    const body = first.t === 'name' && first.v === 'return' ? s.slice(1) : s;
    const eq = body.findIndex((t) => t.t === 'op' && t.v === '=');
    const target = body
      .slice(0, eq)
      .map((t) => (t.t === 'name' || t.t === 'op' ? t.v : '#'))
      .join('');
    try {
      if (eq > 0 && /^[A-Za-z_][\w.]*$/.test(target)) ev.env[target] = ev.eval(body.slice(eq + 1));
      else ev.eval(body);
    } catch {
      // Not a statement of the literal subset (a loop body, a comprehension): nothing to read.
    }
  }
  return { env: ev.env, calls: ev.calls };
}

/** The value of the one expression `source` starts with (up to its first logical line's end). */
export function evalExpression(source: string): Py {
  const toks = tokenize(source);
  const end = toks.findIndex((t) => t.t === 'nl');
  return new Evaluator({}).eval(end < 0 ? toks : toks.slice(0, end));
}
