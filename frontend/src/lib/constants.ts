/** Fixed facts of the application shell (spec 002 §9). */
export const APP_NAME = 'eAbwasser';
export const APP_VERSION = '1.5.12';
export const BASE_PATH = '/eAbwasser';
