import type { DictionaryEntry, ExampleSentence, LearningLanguage } from '@lendo/shared';
import { WordStore, asList, type LemmaIds, type StoreTables } from '../store.ts';

/**
 * The store's tables as JS Maps, for the build (which lemmatizes the example sentences with the
 * store it is making) and as the reference the tests hold the loaded store to. Costs far more
 * memory than the loaded `LanguageStore`: never used to serve.
 */
export class MapStore extends WordStore {
  readonly language: LearningLanguage;
  private readonly lemmaNames: string[];
  private readonly entries: Map<number, string>;
  private readonly forms: Map<string, LemmaIds>;
  private readonly foldedForms: Map<string, string[]>;
  private readonly clitics: Map<string, LemmaIds>;
  private readonly exampleList: ExampleSentence[];
  private readonly exampleIndex: Map<number, number[]>;

  constructor(tables: StoreTables) {
    super();
    this.language = tables.language;
    this.lemmaNames = tables.lemmas;
    this.entries = new Map(tables.entries);
    this.forms = new Map(tables.forms);
    this.foldedForms = new Map(tables.folded);
    this.clitics = new Map(tables.clitics);
    this.exampleList = tables.examples;
    this.exampleIndex = new Map(tables.exampleIndex);
  }

  protected form(key: string) {
    return asList(this.forms.get(key));
  }

  protected clitic(key: string) {
    return asList(this.clitics.get(key));
  }

  protected folded(key: string) {
    return this.foldedForms.get(key);
  }

  protected lemmaName(id: number) {
    return this.lemmaNames[id]!;
  }

  protected entriesOf(id: number) {
    const text = this.entries.get(id);
    return text ? (JSON.parse(text) as DictionaryEntry[]) : [];
  }

  protected exampleIdsOf(lemma: number) {
    return this.exampleIndex.get(lemma);
  }

  protected example(id: number) {
    return structuredClone(this.exampleList[id]!);
  }
}
