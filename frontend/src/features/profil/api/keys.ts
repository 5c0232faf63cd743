/** Query keys of the area, in one place. */
export const profilKeys = {
  profil: ['profil'] as const,
};
