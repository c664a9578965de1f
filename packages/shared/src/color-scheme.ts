/** Where the web app remembers the light or dark choice; the privacy policy names it. */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

/**
 * Sets the page's colour scheme before its first paint, as Mantine's provider later does: the stored choice, else
 * the system's. Inline in every page's <head>, because a page prerendered to HTML paints before any script file
 * arrives, and a dark-scheme visitor must not see it flash light. The API's Content-Security-Policy allows exactly
 * this script, by its SHA-256, and no other inline script.
 */
export const COLOR_SCHEME_SCRIPT = `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)});var c=s==="light"||s==="dark"?s:matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.setAttribute("data-mantine-color-scheme",c)}catch(e){}`;
