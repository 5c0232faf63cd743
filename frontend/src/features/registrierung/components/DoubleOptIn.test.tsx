import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { apiMock } from '@/test/api';
import { renderRoutes } from '@/test/renderRoutes';

afterEach(() => vi.unstubAllGlobals());

describe('e-mail confirmation', () => {
  it('sends t as text once and shows the success with a link to the login', async () => {
    const { fetchMock, called } = apiMock({ 'POST /api/doubleoptin/confirm': () => true });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/doubleoptin?t=abc123');
    expect(
      await screen.findByText(
        'Ihre E-Mail Adresse wurde erfolgreich bestätigt. Ihr Zugang wird nun von der Administration geprüft und freigeschaltet.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
    expect(called('POST', '/api/doubleoptin/confirm')).toHaveLength(1);
    const [req] = called('POST', '/api/doubleoptin/confirm');
    expect(req.body).toBe('abc123');
    expect(req.headers.get('Content-Type')).toBe('text/plain');
  });

  it('shows the failure and the hint when the server says false', async () => {
    const { fetchMock } = apiMock({ 'POST /api/doubleoptin/confirm': () => false });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/doubleoptin?t=alt');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ihre E-Mail Adresse konnte nicht bestaetigt werden');
    expect(screen.getByText('Möglicherweise wurde sie bereits bestätigt. Bitte wenden Sie sich andernfalls an die Administration.')).toBeInTheDocument();
  });
});
