// Whether the PHP-backed checks can run. Where PHP is missing they skip with a visible
// notice; in CI (EDU_REQUIRE_PHP=1) a missing PHP is a failure instead.
import {execFileSync} from 'node:child_process';

function probe(): string | undefined {
	try {
		execFileSync('php', ['-r', 'exit((@include_once "Symfony/Component/Yaml/autoload.php") ? 0 : 1);'], {stdio: 'ignore'});
		return undefined;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'ENOENT'
			? 'php is not on PATH'
			: 'Symfony YAML is not installed (Debian: php-symfony-yaml)';
	}
}

const missing = probe();

if (missing !== undefined) {
	if (process.env['EDU_REQUIRE_PHP']) throw new Error(`EDU_REQUIRE_PHP is set but ${missing}`);
	process.stderr.write(`\n  NOTICE: skipping the PHP checks (php -l, Symfony YAML, php -S): ${missing}.\n  Install php-cli, php-symfony-yaml and php-sqlite3 to run them.\n\n`);
}

/** True when php and Symfony YAML are available. */
export const hasPhp: boolean = missing === undefined;
