// The runtime stand-in's DatabaseService against a real MariaDB: the drivers 2.3 has, with 2.3's
// options only (fixtures/runtime/README.md lists them), so the generated code is tested on the
// connection a student's project really gets.
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {hasMariadb, startMariadb, type Mariadb} from '../helpers/mariadb.js';
import {hasPhp} from '../helpers/php.js';
import {fixturesDir} from '../helpers/temp-project.js';

/** What the stand-in's connection reports, and what storing a 4-byte character through it does. */
const probe = `
require $argv[1];
use Studoo\\EduFramework\\Core\\Service\\DatabaseService;
try {
    $db = DatabaseService::getConnect();
} catch (Throwable $error) {
    echo json_encode(['error' => $error::class, 'message' => $error->getMessage(), 'code' => $error->getCode()]);
    exit;
}
$charset = $db->query('SELECT @@character_set_client')->fetchColumn();
$db->exec('DROP TABLE IF EXISTS probe');
$db->exec('CREATE TABLE probe (nom VARCHAR(20) NOT NULL) DEFAULT CHARSET = utf8mb4');
try {
    $db->exec("INSERT INTO probe (nom) VALUES ('Créteil 🚲')");
    $stored = $db->query('SELECT nom FROM probe')->fetchColumn();
} catch (PDOException $error) {
    $stored = 'error ' . $error->errorInfo[1];
}
echo json_encode([
    'driver' => $db->getAttribute(PDO::ATTR_DRIVER_NAME),
    'charset' => $charset,
    'persistent' => $db->getAttribute(PDO::ATTR_PERSISTENT),
    'errmode' => $db->getAttribute(PDO::ATTR_ERRMODE) === PDO::ERRMODE_EXCEPTION ? 'exception' : 'other',
    'fetch' => $db->getAttribute(PDO::ATTR_DEFAULT_FETCH_MODE) === PDO::FETCH_BOTH ? 'both' : 'other',
    'stored' => $stored,
], JSON_UNESCAPED_UNICODE);
`;

describe.skipIf(!hasPhp || !hasMariadb)('the runtime stand-in\'s DatabaseService on a real MariaDB', () => {
	let server: Mariadb | undefined;
	const run = (env: Record<string, string>): unknown => {
		if (server === undefined) throw new Error('no server');
		const all = {DB_HOST_STATUS: 'true', DB_HOST: '127.0.0.1', DB_SOCKET: String(server.port), DB_NAME: server.database, DB_USER: server.user, DB_PASSWORD: server.password, ...env};
		const output = execFileSync('php', ['-r', probe, path.join(fixturesDir, 'runtime', 'vendor', 'autoload.php')], {encoding: 'utf8', env: {PATH: process.env['PATH'], ...all}});
		return JSON.parse(output);
	};

	beforeAll(async () => {
		server = await startMariadb();
	});

	afterAll(async () => {
		await server?.stop();
	});

	it('DB_TYPE=mysql: 2.3\'s SET NAMES utf8 (3 bytes), so a 4-byte character is refused with error 1366', () => {
		expect(run({DB_TYPE: 'mysql'})).toEqual({driver: 'mysql', charset: 'utf8mb3', persistent: false, errmode: 'exception', fetch: 'both', stored: 'error 1366'});
	});

	it('DB_TYPE=mariadb: no SET NAMES, the client\'s default charset (utf8mb4 with PHP\'s mysqlnd)', () => {
		expect(run({DB_TYPE: 'mariadb'})).toEqual({driver: 'mysql', charset: 'utf8mb4', persistent: false, errmode: 'exception', fetch: 'both', stored: 'Créteil 🚲'});
	});

	it('DB_SOCKET is the port: another port does not reach the server', () => {
		expect(run({DB_TYPE: 'mysql', DB_SOCKET: '1'})).toMatchObject({error: 'PDOException'});
	});

	it('DB_TYPE=pgsql, which 2.3 accepts but has no driver for: ErrorDatabaseNotExistException', () => {
		expect(run({DB_TYPE: 'pgsql'})).toEqual({
			error: 'Studoo\\EduFramework\\Core\\Exception\\ErrorDatabaseNotExistException',
			message: 'La classe n\'existe pas ou n\'implémente pas l\'interface DatabaseInterface',
			code: 400,
		});
	});
});
