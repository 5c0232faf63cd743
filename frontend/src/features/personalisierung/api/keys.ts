/** Query keys of the area, in one place. */
export const personalisierungKeys = {
  all: ['personalisierung'] as const,
  einstellungen: () => [...personalisierungKeys.all, 'einstellungen'] as const,
  auswahl: () => [...personalisierungKeys.all, 'auswahl'] as const,
};
