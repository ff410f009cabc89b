import type { Passage } from './search.ts';

export type KnowledgeLanguage = 'ar' | 'en';

type Json = Record<string, unknown>;

/**
 * What the assistant knows, read from the translation files themselves: the FAQ, its own short
 * knowledge list, and the platform overview and full integration guides of the documentation.
 * Both languages are loaded, so a question is answered in the language it was asked in.
 */
const files = import.meta.glob<Json>('../../../locales/*/{faq,assistant,documentation}.json', {
  eager: true,
  import: 'default',
});

function fileOf(language: KnowledgeLanguage, name: string): Json | undefined {
  return files[`../../../locales/${language}/${name}.json`];
}

interface FaqItem {
  id: string;
  q: string;
  a: string;
}

interface KnowledgeItem {
  id: string;
  title: string;
  text: string;
  page: string;
  link: string;
}

const fill = (text: string, price: string) => text.replaceAll('{{price}}', price);

/** Guide text carries markup (<code>, <wallet>…) for the documentation page: plain text here. */
const plain = (text: string) =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function guidePassages(documentation: Json | undefined, price: string): Passage[] {
  const passages: Passage[] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    const { title, body } = node as { title?: unknown; body?: unknown };
    if (typeof title === 'string' && typeof body === 'string') {
      const text = plain(fill(body, price));
      // Passages that name the reader's own client id or samples only make sense on that page.
      if (!text.includes('{{')) {
        passages.push({
          id: `guide:${path}`,
          title,
          text,
          link: '/documentation',
          page: 'documentation',
        });
      }
    }
    for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
  };
  walk(documentation?.overview, 'overview');
  walk(documentation?.fullIntegration, 'fullIntegration');
  return passages;
}

/** Every passage of one language, with the live price filled in. */
export function knowledgeFor(language: KnowledgeLanguage, price: string): Passage[] {
  const faq = (fileOf(language, 'faq')?.items ?? []) as FaqItem[];
  const knowledge = (fileOf(language, 'assistant')?.knowledge ?? []) as KnowledgeItem[];
  return [
    ...faq.map((item) => ({
      id: `faq:${item.id}`,
      title: item.q,
      text: fill(item.a, price),
      link: `/faq#${item.id}`,
      page: 'faq',
    })),
    ...knowledge.map((item) => ({
      id: `knowledge:${item.id}`,
      title: item.title,
      text: fill(item.text, price),
      link: item.link,
      page: item.page,
    })),
    ...guidePassages(fileOf(language, 'documentation'), price),
  ];
}

/** Arabic letters in the question: answer from the Arabic texts, else from the English ones. */
export function languageOfQuestion(question: string): KnowledgeLanguage {
  return /[\u0600-\u06FF]/.test(question) ? 'ar' : 'en';
}
