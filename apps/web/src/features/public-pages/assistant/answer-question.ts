import { type KnowledgeLanguage, knowledgeFor, languageOfQuestion } from './knowledge.ts';
import { buildIndex, type PassageIndex, type SearchResult, searchPassages } from './search.ts';

export interface Answer {
  language: KnowledgeLanguage;
  /** Best first; empty when the assistant has no answer. */
  results: SearchResult[];
}

/** Builds the indexes once per price and answers questions in the language they are asked in. */
export function createAnswerer(price: string) {
  const indexes = new Map<KnowledgeLanguage, PassageIndex>();
  const indexFor = (language: KnowledgeLanguage) => {
    let index = indexes.get(language);
    if (!index) {
      index = buildIndex(knowledgeFor(language, price));
      indexes.set(language, index);
    }
    return index;
  };
  return (question: string): Answer => {
    const language = languageOfQuestion(question);
    return { language, results: searchPassages(indexFor(language), question) };
  };
}
