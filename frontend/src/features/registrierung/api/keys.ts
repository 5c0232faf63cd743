/** Query keys of the registration area, in one place. */
export const registrierungKeys = {
  organisationen: ['registrierung', 'organisationen'] as const,
  doubleOptIn: (token: string) => ['registrierung', 'doubleoptin', token] as const,
};
