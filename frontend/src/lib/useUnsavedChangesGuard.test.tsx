import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/renderRoutes';
import { UnsavedChangesGuard } from './useUnsavedChangesGuard';

function Form() {
  const [value, setValue] = useState('');
  return (
    <>
      <label>
        Bezeichnung
        <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <Link to="/anderswo">Weg</Link>
      <UnsavedChangesGuard when={value !== ''} />
    </>
  );
}

const routes = [
  { path: '/', element: <Form /> },
  { path: '/anderswo', element: <h1>Anderswo</h1> },
];

describe('UnsavedChangesGuard', () => {
  it('lets a clean form go', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.click(screen.getByRole('link', { name: 'Weg' }));
    expect(screen.getByRole('heading', { name: 'Anderswo' })).toBeInTheDocument();
  });

  it('asks before leaving a dirty form; Abbrechen stays, Verwerfen goes', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');
    await user.type(screen.getByLabelText('Bezeichnung'), 'neu');
    await user.click(screen.getByRole('link', { name: 'Weg' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Änderungen verwerfen' });
    expect(dialog).toHaveTextContent(
      'Es gibt ungespeicherte Änderungen, die verloren gehen können. Wollen Sie die Seite wirklich verlassen?',
    );
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByLabelText('Bezeichnung')).toHaveValue('neu');

    await user.click(screen.getByRole('link', { name: 'Weg' }));
    await user.click(await screen.findByRole('button', { name: 'Verwerfen' }));
    expect(await screen.findByRole('heading', { name: 'Anderswo' })).toBeInTheDocument();
  });

  it('prompts on beforeunload while dirty', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText('Bezeichnung'), 'x');
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });
});
