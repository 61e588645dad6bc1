/**
 * @jest-environment node
 *
 * The UI primitives (shared/src/ui/*.module.css, composed by the rooms) keep the two promises
 * their header comment makes:
 *
 * - every rule that declares something has a selector of no specificity (`:where(...)`), so a
 *   room's own rule wins over any copy of a primitive, whatever order the stylesheets load in
 *   (a rule that only names a class for `composes` declares nothing and is fine);
 * - no room writes a primitive again: a rule of a room's CSS module that carries every declaration
 *   of a primitive, word for word, without composing, fails naming the file and the primitive;
 * - the site has one loading pulse (layout.module.css's `pulse`): no room declares an animation
 *   that repeats forever.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..', '..');
const PRIMITIVES = ['buttons', 'fields', 'lists', 'layout'].map((name) => `shared/src/ui/${name}.module.css`);

interface Rule {
  selector: string;
  declarations: string[];
}

/** The innermost rules of a stylesheet (inside @media too), comments removed. */
function rulesOf(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  for (const [, head = '', body = ''] of text.matchAll(/([^{};]+)\{([^{}]*)\}/g)) {
    const selector = head.trim();
    if (selector.startsWith('@') || /^\d+%$|^from$|^to$/.test(selector)) continue;
    const declarations = body
      .split(';')
      .map((d) => d.trim().replace(/\s+/g, ' '))
      .filter(Boolean);
    rules.push({ selector, declarations });
  }
  return rules;
}

const read = (file: string): string => fs.readFileSync(path.join(REPO, file), 'utf8');

function roomModules(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.module.css'], { cwd: REPO, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.startsWith('e2e/') && !PRIMITIVES.includes(file) && fs.existsSync(path.join(REPO, file)));
}

describe('the UI primitives', () => {
  test.each(PRIMITIVES)('%s: every rule that declares something is :where(), of no specificity', (file) => {
    const weighty = rulesOf(read(file))
      .filter((rule) => rule.declarations.some((d) => !d.startsWith('composes:')))
      .filter((rule) => !rule.selector.split(',').every((s) => s.trim().startsWith(':where(')))
      .map((rule) => rule.selector);
    expect(weighty).toEqual([]);
  });

  test('no room writes a primitive again instead of composing it', () => {
    const primitives = PRIMITIVES.flatMap((file) =>
      rulesOf(read(file))
        .filter((rule) => /^:where\(\.[A-Za-z]+\)$/.test(rule.selector) && rule.declarations.length >= 4)
        .map((rule) => ({ name: `${file} ${rule.selector}`, declarations: rule.declarations })),
    );
    expect(primitives.length).toBeGreaterThanOrEqual(8);
    const copies = roomModules().flatMap((file) =>
      rulesOf(read(file))
        .filter((rule) => !rule.declarations.some((d) => d.startsWith('composes:')))
        .flatMap((rule) =>
          primitives
            .filter((primitive) => primitive.declarations.every((d) => rule.declarations.includes(d)))
            .map((primitive) => `${file} ${rule.selector} repeats ${primitive.name}`),
        ),
    );
    expect(copies).toEqual([]);
  });

  test('no room writes a loading pulse of its own (an animation that repeats forever)', () => {
    const pulses = roomModules().flatMap((file) =>
      rulesOf(read(file))
        .filter((rule) => rule.declarations.some((d) => /^animation(-iteration-count)?:.*\binfinite\b/.test(d)))
        .map((rule) => `${file} ${rule.selector}`),
    );
    expect(pulses).toEqual([]);
    expect(rulesOf(read('shared/src/ui/layout.module.css')).some((rule) => rule.selector === ':where(.pulse)')).toBe(true);
  });
});
