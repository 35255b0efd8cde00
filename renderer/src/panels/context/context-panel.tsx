/**
 * The Context tab: the final `<system-reminder>` text of the current render, live, each
 * block tinted by its section. Clicking text selects its section (shared with the Timeline);
 * search, copy all, byte count, and the prompt-cache prefix marker: where the text first
 * differs from the previous render.
 */
import { TooLargeNote } from '../../components/too-large-note';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useExactBytes } from '../../components/bytes';
import { ContextSize } from '../../components/context-size';
import { exactByteCount, formatBytes } from '../../format/bytes';
import { useT } from '../../i18n/use-t';
import { usePanelT } from '../../i18n/panel-messages';
import { useApp, useAppStore } from '../../store/store-context';
import { cachePrefix } from './cache-prefix';
import { contextSegments } from './context-segments';
import { contextMessages } from './messages';
import { contextRuns, findMatches } from './search';
import { useSectionLink } from '../../components/section-link';
import './context.css';
import { SearchBox } from '../../components/search-box';
import { RenderBand } from '../../components/draft-band';
import { shownRender } from '../../store/shown-render';

/** The Context panel. */
export function ContextPanel() {
  const t = useT();
  const ct = usePanelT(contextMessages);
  // The draft's render while a draft is unsaved, else the saved one.
  const render = useApp(shownRender);
  const failed = useApp((s) => s.failedRender);
  const language = useApp((s) => s.language);
  const setTab = useApp((s) => s.setTab);
  const store = useAppStore();
  const history = useApp((s) => s.contextHistory);
  const selected = useApp((s) => s.focus.selected);
  const reveal = useApp((s) => s.focus.reveal);
  useSectionLink('context');
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const textRef = useRef<HTMLPreElement | null>(null);
  const report = render?.report ?? null;
  const context = report?.context ?? '';

  const segments = useMemo(
    () => (report === null ? [] : contextSegments(report.context, report.sections)),
    [report],
  );
  // The same tint per section as the blocks (index among the sections with a span).
  const chips = useMemo(() => {
    const withSpan = report?.sections.filter((s) => s.span !== null) ?? [];
    return withSpan.map((s, i) => ({ id: s.id, tint: i }));
  }, [report]);
  const { matches, total } = useMemo(() => findMatches(context, query), [context, query]);
  const prefix = useMemo(
    () => (history.current === context ? cachePrefix(history) : null),
    [history, context],
  );
  const marker = prefix !== null && !prefix.identical ? prefix.offset : null;
  const runs = useMemo(() => contextRuns(segments, matches, marker), [segments, matches, marker]);
  const exactBytes = useExactBytes();
  const active = total === 0 ? -1 : Math.min(current, matches.length - 1);

  // "Show in Context" from the Timeline: scroll to the section's first block.
  useEffect(() => {
    if (reveal === null || textRef.current === null) return;
    const el = textRef.current.querySelector<HTMLElement>(`[data-section="${CSS.escape(reveal.id)}"]`);
    el?.scrollIntoView({ block: 'start' });
    store.getState().focus.clearReveal(reveal.seq);
  }, [store, reveal, runs]);

  useEffect(() => {
    if (active < 0 || textRef.current === null) return;
    textRef.current.querySelector(`[data-match="${active}"]`)?.scrollIntoView({ block: 'center' });
  }, [active, query]);

  if (report === null) {
    return <p className="panel-note">{t('context.loading')}</p>;
  }

  const copy = (): void => {
    const done = (state: 'yes' | 'failed'): void => {
      setCopied(state);
      setTimeout(() => setCopied('no'), 1200);
    };
    if (navigator.clipboard === undefined) {
      done('failed');
      return;
    }
    navigator.clipboard.writeText(report.context).then(
      () => done('yes'),
      () => done('failed'),
    );
  };
  const step = (delta: number): void => {
    if (matches.length === 0) return;
    setCurrent((c) => (Math.min(c, matches.length - 1) + delta + matches.length) % matches.length);
  };
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'Enter') {
      e.preventDefault();
      step(e.shiftKey ? -1 : 1);
    }
  };
  const onTextClick = (e: MouseEvent<HTMLPreElement>): void => {
    // A selection drag is not a click on a section.
    if (window.getSelection()?.isCollapsed === false) return;
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-section]');
    store.getState().focus.select(el?.dataset['section'] ?? null);
  };
  const scrollToSection = (id: string): void => {
    store.getState().focus.select(id);
    textRef.current
      ?.querySelector<HTMLElement>(`[data-section="${CSS.escape(id)}"]`)
      ?.scrollIntoView({ block: 'start' });
  };
  const jumpToMarker = (): void => {
    textRef.current
      ?.querySelector('[data-testid="cache-prefix-marker"]')
      ?.scrollIntoView({ block: 'center' });
  };
  const markerEl = (
    <span
      className="cache-marker"
      data-testid="cache-prefix-marker"
      title={ct('cache.marker')}
      aria-label={ct('cache.marker')}
    />
  );
  const markerPlaced = marker !== null && runs.some((r) => r.markerBefore);

  return (
    <section className="context-panel" aria-label={t('tab.context')}>
      <RenderBand />
      {failed !== null && <p className="panel-note warn">{t('context.notRendered')}</p>}
      <div className="context-bars">
        <div className="context-toolbar">
          <span className="context-label">{t('context.sections')}</span>
          <ul className="section-chips" data-testid="loaded-sections">
            {chips.map((c) => (
              <li
                key={c.id}
                className={`chip tint-${c.tint % 8}${selected === c.id ? ' selected' : ''}`}
                data-section={c.id}
              >
                <button
                  type="button"
                  className="chip-button"
                  title={ct('chip.hint', { id: c.id })}
                  onClick={() => scrollToSection(c.id)}
                >
                  {c.id}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="context-toolbar second">
          <SearchBox
            value={query}
            onChange={(value) => {
              setQuery(value);
              setCurrent(0);
            }}
            label={ct('search.placeholder')}
            className="context-search"
            testId="context-search"
            onKeyDown={onSearchKey}
          />
          {query !== '' && (
            <span className="context-bytes" data-testid="context-search-count">
              {total === 0 ? ct('search.none') : ct('search.count', { current: active + 1, total })}
            </span>
          )}
          <button
            type="button"
            onClick={() => step(-1)}
            disabled={total === 0}
            aria-label={ct('search.prev')}
          >
            ↑
          </button>
          <button type="button" onClick={() => step(1)} disabled={total === 0} aria-label={ct('search.next')}>
            ↓
          </button>
          <ContextSize text={context} className="context-bytes" testId="context-bytes" />
          <button type="button" onClick={copy} data-testid="context-copy">
            {copied === 'yes'
              ? t('context.copied')
              : copied === 'failed'
                ? ct('copy.failed')
                : ct('copy.all')}
          </button>
          <span
            className="context-bytes cache-info"
            data-testid="cache-prefix"
            title={prefix === null || prefix.identical ? undefined : exactBytes(prefix.bytes)}
          >
            {prefix === null
              ? ct('cache.none')
              : prefix.identical
                ? ct('cache.identical')
                : ct('cache.at', {
                    chars: exactByteCount(prefix.offset, language),
                    bytes: formatBytes(prefix.bytes),
                  })}
          </span>
          {marker !== null && (
            <button type="button" onClick={jumpToMarker}>
              {ct('cache.jump')}
            </button>
          )}
          {selected !== null && (
            <span className="context-selected" data-testid="context-selected">
              {ct('selected.label', { id: selected })}{' '}
              <button
                type="button"
                onClick={() => {
                  store.getState().focus.select(selected, true);
                  setTab('timeline');
                }}
              >
                {ct('selected.timeline')}
              </button>
              <button type="button" onClick={() => store.getState().focus.select(null)}>
                {ct('selected.clear')}
              </button>
            </span>
          )}
        </div>
      </div>
      {render?.tooLarge?.context ? (
        <TooLargeNote marker={render.tooLarge.context} />
      ) : report.context === '' ? (
        <p className="panel-note">{t('context.empty')}</p>
      ) : (
        <pre className="context-text" data-testid="context-text" ref={textRef} onClick={onTextClick}>
          {runs.map((run) => {
            const cls = [
              run.section === null ? '' : `block tint-${run.tint % 8}`,
              run.section !== null && run.section === selected ? 'selected' : '',
              run.match >= 0 ? (run.match === active ? 'hit current' : 'hit') : '',
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <Fragment key={run.start}>
                {run.markerBefore && markerEl}
                <span
                  className={cls === '' ? undefined : cls}
                  data-section={run.section ?? undefined}
                  data-match={run.match >= 0 ? run.match : undefined}
                  title={run.section ?? undefined}
                >
                  {run.text}
                </span>
              </Fragment>
            );
          })}
          {marker !== null && !markerPlaced && markerEl}
        </pre>
      )}
    </section>
  );
}
