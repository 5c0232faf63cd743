import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';

// Verbatim texts (spec 000 §2 "Leaving edit views").
export const DISCARD_TITLE = 'Änderungen verwerfen';
export const DISCARD_MESSAGE =
  'Es gibt ungespeicherte Änderungen, die verloren gehen können. Wollen Sie die Seite wirklich verlassen?';

/**
 * While `dirty`, leaving the route (another path or query, e.g. modus s → l) asks
 * 'Änderungen verwerfen'; closing or reloading the tab gets the browser's prompt.
 * Needs a data router (createBrowserRouter). Returns the dialog to render.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers need returnValue set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    // the form got clean (saved) while a navigation waited: let it go
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={DISCARD_TITLE}
      message={DISCARD_MESSAGE}
      confirmLabel="Verwerfen"
      cancelLabel="Abbrechen"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

/** Component form: <UnsavedChangesGuard when={isDirty} />. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  return useUnsavedChangesGuard(when);
}
