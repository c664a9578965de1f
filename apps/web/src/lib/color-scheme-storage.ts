import { localStorageColorSchemeManager } from '@mantine/core';

/** Where the light/dark choice is remembered in the browser; the privacy policy names it. */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
