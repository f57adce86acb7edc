import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/errors';
import { errorMessage } from '../i18n/errorMessage';
import { currentUserId } from '../session/sessionOwner';
import { subjectOf, useFailureText } from './failureText';
import { queueStore } from './queueStore';
import type { TChangeSubject, TFailure } from './records';
import { kindOf, parseResource } from './resources';
import { onFailuresChanged } from './syncController';
import './offline.css';

interface TProps {
  /** The resource the page shows, and its data (to describe failures kept before subjects existed). */
  resource: string;
  data?: unknown;
  /** Brings a change of this resource into view (e.g. scrolls to its question). */
  onOpen: (subject: TChangeSubject) => void;
}

/**
 * Changes the server refused when the queue was replayed (a 4xx): what was lost (the change and
 * where, e.g. the question and its section, linked) and why, in the user's language, until the
 * user dismisses them. Nothing refused is dropped silently.
 */
export function SyncFailures({ resource, data, onOpen }: TProps) {
  const { t } = useTranslation();
  const describe = useFailureText();
  const [failures, setFailures] = useState<TFailure[]>([]);
  useEffect(() => {
    let alive = true;
    const load = () =>
      void queueStore.failures().then(
        (all) => alive && setFailures(all.filter((f) => f.user === currentUserId())),
        () => undefined,
      );
    load();
    const stop = onFailuresChanged(load);
    return () => {
      alive = false;
      stop();
    };
  }, []);
  if (!failures.length) return null;

  const shown = { resource, data };
  const why = (f: TFailure) => errorMessage(new ApiError(f.error.status, f.error.name, f.error.reference, ''));
  const what = (f: TFailure) => {
    const text = describe(f, shown);
    const kind = kindOf(f.resource);
    const subject = subjectOf(f, shown);
    if (!kind) return text;
    if (f.resource !== resource) {
      const elsewhere = kind.elsewhereKey ? ` (${t(kind.elsewhereKey)})` : '';
      return (
        <Link to={kind.pathOf(parseResource(f.resource).id, subject)}>
          {text}
          {elsewhere}
        </Link>
      );
    }
    if (!subject?.target) return text;
    return (
      <a href={kind.pathOf(parseResource(f.resource).id, subject)} onClick={(e) => (e.preventDefault(), onOpen(subject))}>
        {text}
      </a>
    );
  };
  const dismiss = () => {
    const ids = failures.map((f) => f.id!);
    setFailures([]);
    void queueStore.dismissFailures(ids).catch(() => undefined);
  };
  return (
    <Alert
      type="error"
      showIcon
      className="run-sync-failures"
      data-testid="sync-failures"
      title={t('offline.failures.title')}
      description={
        <>
          {t('offline.failures.text')}
          <ul>
            {failures.map((f) => (
              <li key={f.id}>
                {what(f)}: {why(f)}
              </li>
            ))}
          </ul>
        </>
      }
      action={
        <Button size="small" onClick={dismiss}>
          {t('offline.failures.dismiss')}
        </Button>
      }
    />
  );
}
