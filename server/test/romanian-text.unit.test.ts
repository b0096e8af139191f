/**
 * Romanian with diacritics (issue 19, item 13; decision 0036): the code of web/, server/ and
 * domain/ (comments left out) holds no cedilla ş ţ (only the comma-below ș ț are correct) and none
 * of the words below written without their diacritics, except inside the texts the spec quotes
 * verbatim. A finding names file:line, so the fix is one look away.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The texts the spec (SPEC.md §2, §4, §5, §8) quotes verbatim: they stay exactly as the spec writes
 * them, without diacritics. The spec is not part of the repository, so they are listed here.
 */
const SPEC_VERBATIM = [
  'Nu sunt programari in asteptare',
  'Nu s-a gasit nici un pacient',
  'Nici un document incarcat',
  'Nu exista programari pentru acest pacient',
  'Va rugam introduceti CNP valid.',
  'Va rugam introduceti numele.',
  'Va rugam introduceti numarul de telefon.',
  'Numarul de telefon introdus este invalid',
  'Va rugam selectati statutul asiguratului.',
  'Va rugam selectati daca pacientul este vaccinat',
  'Va rugam selectati judetul de resedinta.',
  'Data selectata nu este disponibila!',
  'Va rugam selectati data programarii.',
  'Va rugam selectati ora programarii.',
  'Trebuie sa fiti de acord.',
  'Utilizator sau parola incorecta',
  'Nu s-a putut confirma programarea',
  'A aparut o eroare, va rugam incercati mai tarziu.',
  'A aparut o eroare, va rugam incercti mai tarziu.',
  'Programarea a fost creata',
  'Programarea a fost stearsa',
  'Programarea a fost asignata cu succes',
  // The consultation form's default title, 'Consultatie {today DD.MM.YYYY}'.
  'Consultatie ${',
];

/** The left menu keeps the spec's names ("Left menu: Home, Pacienti, Programari, ..."). */
const SPEC_MENU = { file: 'web/app/main-nav.tsx', names: ["'Pacienti'", "'Programari'"] };

/** Files whose ASCII Romanian words are data, not text for a reader. */
const DATA_FILES: Record<string, string> = {
  'server/platform/auth/password-strength.ts': 'common passwords, as people type them',
  'server/platform/audit/log.ts': 'CSV column names (snake_case, ASCII)',
  'server/features/documents/test/samples.ts': 'the bytes of sample files for the upload tests',
};

/** Words that are wrong whenever they are written without diacritics (any case). */
const WORDS = [
  'acasa',
  'actiune',
  'actiuni',
  'adauga',
  'adaugati',
  'alegeti',
  'anuleaza',
  'aplicatia',
  'aplicatie',
  'arata',
  'astazi',
  'asteptati',
  'ati',
  'aveti',
  'cauta',
  'cautare',
  'cautati',
  'completati',
  'consultatia',
  'consultatie',
  'consultatii',
  'contine',
  'continut',
  'daca',
  'descarca',
  'dumneavoastra',
  'dupa',
  'editeaza',
  'exista',
  'fara',
  'fisier',
  'fisierul',
  'gasit',
  'gasita',
  'iesire',
  'inainte',
  'inapoi',
  'incarca',
  'incarcat',
  'inchide',
  'inchis',
  'incercati',
  'inregistrare',
  'inregistrat',
  'inregistrata',
  'introduceti',
  'judet',
  'medicala',
  'niciodata',
  'pacienti',
  'pacientii',
  'pana',
  'programari',
  'programarii',
  'programarile',
  'puteti',
  'renunta',
  'resedinta',
  'salveaza',
  'saptamana',
  'saptamani',
  'sectiune',
  'setari',
  'sterge',
  'stergere',
  'stergeti',
  'sters',
  'sunteti',
  'urmatoare',
  'urmatoarea',
  'urmatoarele',
  'verificati',
];
/** Greetings and phrases. */
const PHRASES = ['bine ati venit', 'buna ziua', 'cu stima'];
/** Capitalised only: in lower case these are also the infinitive ("a confirma"), which is right. */
const CAPITALISED = ['Confirma', 'Schimba', 'Verifica', 'Modifica'];

const WORD_RE = new RegExp(
  `(?<![\\p{L}\\d_])(?:${[...WORDS, ...PHRASES.map((p) => p.replace(/ /g, '\\s+'))].join('|')})(?![\\p{L}\\d_])`,
  'giu',
);
const CAPITAL_RE = new RegExp(`(?<![\\p{L}\\d_])(?:${CAPITALISED.join('|')})(?![\\p{L}\\d_])`, 'gu');
const CEDILLA_RE = /[şţŞŢ]/gu;

/** Replaces comments with spaces (keeping line breaks), leaving strings, templates and JSX text. */
function stripComments(src: string): string {
  let out = '';
  let i = 0;
  const stack: string[] = []; // open quotes / template braces
  while (i < src.length) {
    const c = src[i];
    const top = stack[stack.length - 1];
    if (top === "'" || top === '"') {
      if (c === '\\') {
        out += src.slice(i, i + 2);
        i += 2;
        continue;
      }
      if (c === top || c === '\n') stack.pop();
      out += c;
      i++;
      continue;
    }
    if (top === '`') {
      if (c === '\\') {
        out += src.slice(i, i + 2);
        i += 2;
        continue;
      }
      if (c === '`') stack.pop();
      else if (c === '$' && src[i + 1] === '{') {
        stack.push('{');
        out += '${';
        i += 2;
        continue;
      }
      out += c;
      i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '/' && src[i - 1] !== ':') {
      while (i < src.length && src[i] !== '\n') {
        out += ' ';
        i++;
      }
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') stack.push(c);
    else if (c === '{' && stack.length > 0) stack.push('{');
    else if (c === '}' && top === '{') stack.pop();
    out += c;
    i++;
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'migrations', 'test', 'hardening'].includes(entry.name))
        files.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.ts$|test-(helpers|data)\.ts$/.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

/** An e-mail address, a path, a URL or a file name: not prose. */
function inIdentifier(line: string, start: number, end: number): boolean {
  let a = start;
  let b = end;
  while (a > 0 && !/[\s'"`<>{}()]/.test(line[a - 1])) a--;
  while (b < line.length && !/[\s'"`<>{}()]/.test(line[b])) b++;
  const chunk = line.slice(a, b);
  return (
    /[@/]|\.(ics|pdf|csv|json|html?|xml)\b|^[a-z0-9$]+(?:[-_][a-z0-9$]+)+/.test(chunk) && !/\s/.test(chunk)
  );
}

function findings(file: string, src: string): string[] {
  const found: string[] = [];
  const lines = stripComments(src).split('\n');
  const isMenu = file === SPEC_MENU.file;
  lines.forEach((original, n) => {
    let line = original;
    for (const quote of SPEC_VERBATIM) line = line.split(quote).join(' '.repeat(quote.length));
    if (isMenu) for (const name of SPEC_MENU.names) line = line.split(name).join(' '.repeat(name.length));
    for (const m of line.matchAll(CEDILLA_RE)) found.push(`${file}:${n + 1}: cedilla "${m[0]}" (use ș ț)`);
    for (const re of [WORD_RE, CAPITAL_RE])
      for (const m of line.matchAll(re)) {
        if (inIdentifier(line, m.index, m.index + m[0].length)) continue;
        found.push(`${file}:${n + 1}: "${m[0]}" without diacritics`);
      }
  });
  return found;
}

describe('Romanian texts are written with diacritics', () => {
  it('finds no undiacritised word and no cedilla ş ţ in web/, server/ and domain/', () => {
    const all: string[] = [];
    for (const dir of ['web', 'server', 'domain'])
      for (const path of sourceFiles(join(ROOT, dir))) {
        const file = relative(ROOT, path).split('\\').join('/');
        if (file in DATA_FILES) continue;
        all.push(...findings(file, readFileSync(path, 'utf8')));
      }
    expect(all).toEqual([]);
  });

  it('tells a wrong text from the spec verbatim ones, comments and addresses', () => {
    const src = [
      "const a = 'Buna ziua, Ana'; // Acasa in a comment is fine",
      "const b = 'Nu sunt programari in asteptare';",
      "const c = 'consultatii@institut.example';",
      "const d = 'Programarea ţinută';",
      '/* Inapoi */ const e = <Button>Salveaza</Button>;',
      "const f = 'pentru a confirma'; const g = 'Confirma';",
    ].join('\n');
    expect(findings('x.tsx', src)).toEqual([
      'x.tsx:1: "Buna ziua" without diacritics',
      'x.tsx:4: cedilla "ţ" (use ș ț)',
      'x.tsx:5: "Salveaza" without diacritics',
      'x.tsx:6: "Confirma" without diacritics',
    ]);
  });

  it('lets the left menu keep the spec names, only there', () => {
    const menu =
      "{ label: 'Pacienti', to: '/app/patients' }, { label: 'Programari', to: '/app/appointments' }";
    expect(findings(SPEC_MENU.file, menu)).toEqual([]);
    expect(findings('web/features/patients/patient-list-page.tsx', "<Title>{'Pacienti'}</Title>")).toEqual([
      'web/features/patients/patient-list-page.tsx:1: "Pacienti" without diacritics',
    ]);
  });
});
