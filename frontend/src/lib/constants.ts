/** Fixed facts of the application shell (spec 002 §9). */
export const APP_NAME = 'eAbwasser';
export const APP_VERSION = '1.5.12';
export const BASE_PATH = '/eAbwasser';
export const SUPPORT_MAIL = 'support@eabwasser.example';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_MAIL}`;
export const HELP_URL = 'https://wiki.eabwasser.example/';
