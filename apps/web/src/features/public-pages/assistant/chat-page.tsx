import { Bot, SendHorizontal, User } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { usePricePerCall } from '../../../lib/api/use-config.ts';
import { cn } from '../../../lib/cn.ts';
import i18n from '../../../lib/i18n.ts';
import { PublicPageLayout } from '../components/public-page-layout.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { type Answer, createAnswerer } from './answer-question.ts';

// An answer speaks the question's language, whichever language the page is in: make sure the
// assistant's texts of every language are loaded, not only the page's.
const assistantTexts = import.meta.glob<Record<string, unknown>>(
  '../../../locales/*/assistant.json',
  {
    eager: true,
    import: 'default',
  },
);
for (const [file, texts] of Object.entries(assistantTexts)) {
  const language = /locales\/([^/]+)\//.exec(file)?.[1];
  if (language && !i18n.hasResourceBundle(language, 'assistant')) {
    i18n.addResourceBundle(language, 'assistant', texts);
  }
}

type Message =
  | { id: number; role: 'user'; text: string }
  | { id: number; role: 'bot'; question: string };

const linkClasses =
  'rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700';

/** One reply, in the language the question was asked in. */
function BotAnswer({ answer }: { answer: Answer }) {
  const { t } = useTranslation('assistant');
  const lng = answer.language;
  const [best, ...others] = answer.results;
  return (
    <div lang={lng} dir={lng === 'ar' ? 'rtl' : 'ltr'} className="space-y-2">
      {best ? (
        <>
          <p className="font-bold text-slate-900">{best.passage.title}</p>
          <p className="leading-relaxed text-slate-800">{best.passage.text}</p>
          <p className="text-sm text-slate-700">
            {t('source', { lng })}{' '}
            <Link to={best.passage.link} className={linkClasses}>
              {t(`pages.${best.passage.page}`, { lng })}
            </Link>
          </p>
          {others.length > 0 ? (
            <div className="border-t border-slate-200 pt-2 text-sm">
              <p className="text-slate-700">{t('seeAlso', { lng })}</p>
              <ul className="mt-1 list-disc space-y-1 ps-5">
                {others.map((result) => (
                  <li key={result.passage.id}>
                    <Link to={result.passage.link} className={linkClasses}>
                      {result.passage.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : (
        <>
          <p className="font-semibold text-slate-900">{t('noAnswer', { lng })}</p>
          <p className="text-slate-800">
            <Link to="/contact" className={linkClasses}>
              {t('noAnswerContact', { lng })}
            </Link>{' '}
            {t('noAnswerRephrase', { lng })}
          </p>
        </>
      )}
    </div>
  );
}

/**
 * /chat: the help assistant. It searches the FAQ, its knowledge list and the guides in the
 * browser (no request leaves for a question) and says plainly when it has no answer.
 */
export function ChatPage() {
  const { t } = useTranslation('assistant');
  const { price, isPending } = usePricePerCall();
  const [messages, setMessages] = useState<Message[]>([]);
  // Answered once the server's price is known, so that a question asked before it arrives (the
  // Enter key is never refused) is answered with the real price, not the default.
  const answers = useMemo(() => {
    if (isPending) return new Map<number, Answer>();
    const answerQuestion = createAnswerer(price);
    return new Map(
      messages.flatMap((message) =>
        message.role === 'bot' ? [[message.id, answerQuestion(message.question)] as const] : [],
      ),
    );
  }, [messages, price, isPending]);
  const [question, setQuestion] = useState('');
  const [inputError, setInputError] = useState<string>();
  const nextId = useRef(1);
  const logRef = useRef<HTMLDivElement>(null);
  const inputId = useId();

  useEffect(() => {
    const log = logRef.current;
    if (log && answers.size > 0) log.scrollTop = log.scrollHeight;
  }, [answers]);

  const ask = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) {
      setInputError(t('emptyQuestion'));
      return;
    }
    setInputError(undefined);
    setMessages((current) => [
      ...current,
      { id: nextId.current++, role: 'user', text: trimmed },
      { id: nextId.current++, role: 'bot', question: trimmed },
    ]);
    setQuestion('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ask(question);
  };

  return (
    <PublicPageLayout title={t('title')} lead={<p>{t('lead')}</p>}>
      <section
        aria-labelledby="chat-title"
        className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm"
      >
        <h2 id="chat-title" className="sr-only">
          {t('logLabel')}
        </h2>
        <div
          ref={logRef}
          role="log"
          aria-live="polite"
          aria-label={t('logLabel')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="relative max-h-[60vh] min-h-64 space-y-4 overflow-y-auto bg-slate-50 p-4 focus-visible:outline-2 focus-visible:outline-brand-700 sm:p-6"
        >
          <div className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
              <Bot aria-hidden className="size-5" />
            </span>
            <div className="rounded-2xl rounded-ss-sm bg-white p-4 text-slate-800 shadow-sm ring-1 ring-slate-200">
              <span className="sr-only">{t('bot')}: </span>
              {t('greeting')}
            </div>
          </div>
          {messages.map((message) =>
            message.role === 'user' ? (
              <div key={message.id} className="flex flex-row-reverse gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-700 text-white">
                  <User aria-hidden className="size-5" />
                </span>
                <p
                  dir="auto"
                  className="max-w-[85%] rounded-2xl rounded-se-sm bg-brand-700 p-4 break-words text-white"
                >
                  <span className="sr-only">{t('you')}: </span>
                  {message.text}
                </p>
              </div>
            ) : (
              <div key={message.id} className="flex gap-3" data-testid="assistant-answer">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                  <Bot aria-hidden className="size-5" />
                </span>
                <div className="min-w-0 max-w-[85%] rounded-2xl rounded-ss-sm bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <span className="sr-only">{t('bot')}: </span>
                  {answers.has(message.id) ? (
                    <BotAnswer answer={answers.get(message.id)!} />
                  ) : (
                    <p className="text-slate-700">{t('answering')}</p>
                  )}
                </div>
              </div>
            ),
          )}
        </div>

        <div className="border-t border-slate-200 p-4 sm:p-6">
          <form noValidate onSubmit={onSubmit} className="space-y-2">
            <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
              {t('inputLabel')}
            </label>
            <div className="flex gap-2">
              <input
                id={inputId}
                type="text"
                dir="auto"
                autoComplete="off"
                value={question}
                onChange={(event) => {
                  setQuestion(event.target.value);
                  if (inputError) setInputError(undefined);
                }}
                placeholder={t('placeholder')}
                aria-invalid={inputError ? true : undefined}
                aria-describedby={inputError ? `${inputId}-error` : undefined}
                maxLength={500}
                className={cn(
                  'block min-w-0 flex-1 rounded-xl border bg-white px-4 py-3 text-base shadow-sm placeholder:text-slate-500 focus:outline-2',
                  inputError
                    ? 'border-red-600 focus:outline-red-600'
                    : 'border-slate-300 focus:outline-brand-600',
                )}
              />
              <Button type="submit" size="lg" className="shrink-0 px-4">
                <SendHorizontal aria-hidden className="size-5 rtl:-scale-x-100" />
                <span className="max-sm:sr-only">{t('send')}</span>
              </Button>
            </div>
            {inputError ? (
              <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
                {inputError}
              </p>
            ) : null}
          </form>
          <div className="mt-4">
            <h3 className="text-sm font-semibold text-slate-800">{t('suggestionsLabel')}</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {(t('suggestions', { returnObjects: true }) as string[]).map((suggestion) => (
                <li key={suggestion}>
                  <button
                    type="button"
                    onClick={() => ask(suggestion)}
                    className="rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:border-brand-600 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <RelatedPages current="chat" />
    </PublicPageLayout>
  );
}
