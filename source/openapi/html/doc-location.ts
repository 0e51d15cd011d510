// Where the documentation page lives and where edu start shows it: no imports, so the command's
// help and output can name it without loading the page writer.

/** The page's folder, relative to the project root; edu start serves public/ at the site root. */
export const docFolder = 'public/doc';
export const docPage = `${docFolder}/index.html`;
/** Where edu start serves a project by default (php -S localhost:8042 -t public). */
export const localServer = 'http://localhost:8042';
/** The page's URL path under the server edu start runs. */
export const docUrlPath = '/doc/';
