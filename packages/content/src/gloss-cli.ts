/**
 * For authors of glossaries:
 *   node --import tsx packages/content/src/gloss-cli.ts check <slug>…      what is still unglossed
 *   node --import tsx packages/content/src/gloss-cli.ts worksheet <slug>   every lemma with its sentences
 */
import { join } from 'node:path';
import { LEARNING_LANGUAGES } from '@lendo/shared';
import { glossaryProblems, sentenceTokens } from './glossary.ts';
import { STORIES_DIR, readStory } from './library.ts';

const [command, ...slugs] = process.argv.slice(2);
const print = (line: string) => process.stdout.write(`${line}\n`);
const storyOf = (slug: string) => readStory(join(STORIES_DIR, slug.slice(0, 2), slug));

if (command === 'check' && slugs.length > 0) {
  let failed = false;
  for (const slug of slugs) {
    const { story, glossary } = storyOf(slug);
    const problems = glossaryProblems(story, glossary);
    print(`${slug}: ${problems.length === 0 ? 'fully glossed' : `${problems.length} problems`}`);
    for (const p of problems) print(`  ${p.where}: ${p.message}`);
    failed ||= problems.length > 0;
  }
  process.exitCode = failed ? 1 : 0;
} else if (command === 'worksheet' && slugs.length === 1) {
  const { story, glossary } = storyOf(slugs[0]!);
  const others = LEARNING_LANGUAGES.filter((l) => l !== story.language);
  const uses = new Map<string, { forms: Set<string>; sentences: string[] }>();
  story.chapters.forEach((chapter, c) =>
    chapter.pages.forEach((page, p) =>
      page.forEach((sentence, s) => {
        for (const token of sentenceTokens(sentence)) {
          const key = token.sense;
          const use = uses.get(key) ?? { forms: new Set(), sentences: [] };
          use.forms.add(token.text);
          const line = `${c + 1}.${p + 1}.${s + 1} ${sentence.text} | ${others.map((l) => sentence.translations[l]).join(' | ')}`;
          if (use.sentences.at(-1) !== line) use.sentences.push(line);
          uses.set(key, use);
        }
      }),
    ),
  );
  for (const [key, use] of uses) {
    const entry = glossary[key];
    print(`\n## ${key}  [${[...use.forms].join(', ')}]${entry ? `  = ${JSON.stringify(entry)}` : ''}`);
    for (const line of use.sentences.slice(0, 4)) print(`  ${line}`);
    if (use.sentences.length > 4) print(`  … ${use.sentences.length - 4} more sentences`);
  }
} else {
  console.error('usage: gloss-cli.ts check <slug>… | worksheet <slug>');
  process.exitCode = 2;
}
