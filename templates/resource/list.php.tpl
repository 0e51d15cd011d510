<?php

namespace Controller\api;

use Error;
use LogicException;
use OpenApi\Attributes;
use PDO;
use PDOException;
use Studoo\EduFramework\Core\Controller\ControllerInterface;
use Studoo\EduFramework\Core\Controller\Request;
use Studoo\EduFramework\Core\Service\DatabaseService;
use Throwable;

/**
 * GET lists the rows of the table <%& table %><%# hasPost %>; POST adds one<%/ hasPost %>.
 *
 * The table it expects (MySQL / MariaDB):
 *
 *     CREATE TABLE <%& table %> (
 *         id INT AUTO_INCREMENT PRIMARY KEY,
<%# fields %>
 *         <%& name %> <%& sqlType %> NOT NULL<%^ last %>,<%/ last %>
<%/ fields %>
 *     ) DEFAULT CHARSET = utf8mb4;
 *
 * On SQLite: id INTEGER PRIMARY KEY AUTOINCREMENT, and no DEFAULT CHARSET.
 */
class <%& className %> implements ControllerInterface
{
<%# hasPost %>
    /** The fields a client sends: their type, and the maximum length of a string (null: no limit). */
    private const FIELDS = [
<%# fields %>
        '<% name %>' => ['type' => '<% phpType %>', 'max' => <%& maxLiteral %>],
<%/ fields %>
    ];

    /** The range of an INT column, and the bytes a TEXT column holds (MySQL / MariaDB). */
    private const INT_MIN = -2147483648;
    private const INT_MAX = 2147483647;
    private const TEXT_BYTES = 65535;

<%/ hasPost %>
    /** What to run when the table is missing, on MySQL / MariaDB and on SQLite. */
    private const CREATE_TABLE = [
        'mysql' => '<% createMysql %>',
        'sqlite' => '<% createSqlite %>',
    ];

    /** The 500's message when the framework did not connect at start (it does only with DB_HOST_STATUS=true). */
    private const NOT_CONNECTED = 'La base de données n\'est pas connectée : le framework ne s\'y connecte au démarrage qu\'avec la ligne DB_HOST_STATUS=true (en minuscules) dans .env ; ajoutez-la, puis relancez la requête (edu doctor vérifie la connexion).';

    private const JSON_FLAGS = JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE;

    #[Attributes\Get(
        path: '<% uri %>',
        responses: [
            new Attributes\Response(response: '200', description: '<% listDescription %>'),
            new Attributes\Response(response: '500', description: 'The database failed, or the table is missing: {"erreur": "..."}'),
        ]
    )]
<%# hasPost %>
    #[Attributes\Post(
        path: '<% uri %>',
        requestBody: new Attributes\RequestBody(
            required: true,
            content: [
<%# mediaTypes %>
                new Attributes\MediaType(
                    mediaType: '<% mediaType %>',
                    schema: new Attributes\Schema(
                        required: [<%# fields %>'<% name %>'<%^ last %>, <%/ last %><%/ fields %>],
                        properties: [
<%# fields %>
                            new Attributes\Property(property: '<% name %>', type: '<% openapiType %>'<%# hasLength %>, maxLength: <%& length %><%/ hasLength %><%# isInt %>, minimum: -2147483648, maximum: 2147483647<%/ isInt %>),
<%/ fields %>
                        ]
                    )
                ),
<%/ mediaTypes %>
            ]
        ),
        responses: [
            new Attributes\Response(response: '201', description: 'The created row, with its id'),
            new Attributes\Response(response: '400', description: 'A field is missing or invalid: {"erreur": "...", "champs": [...]}; or a JSON body that is no JSON object: {"erreur": "..."}'),
            new Attributes\Response(response: '500', description: 'The database failed, or the table is missing: {"erreur": "..."}'),
        ]
    )]
<%/ hasPost %>
    public function execute(Request $request): string|null
    {
        header('Content-Type: application/json');
        try {
            $database = $this->connect();
<%# hasPost %>

            if ($request->getHttpMethod() === 'POST') {
                return $this->create($request, $database);
            }
<%/ hasPost %>

            // FETCH_ASSOC: each column once, by name (the default mode repeats it by number).
            $rows = $database
                ->query('SELECT id, <%# fields %><% name %><%^ last %>, <%/ last %><%/ fields %> FROM <% table %> ORDER BY id')
                ->fetchAll(PDO::FETCH_ASSOC);

            return json_encode(array_map(fn (array $row): array => $this->typed($row), $rows), self::JSON_FLAGS);
        } catch (Throwable $error) {
            return $this->failure($error);
        }
    }

    /**
     * The framework's connection, set to throw on errors and, on MySQL / MariaDB, to utf8mb4:
     * the framework opens it in utf8, whose 3 bytes cannot hold characters such as emoji.
     */
    private function connect(): PDO
    {
        try {
            $database = DatabaseService::getConnect();
        } catch (Error $error) {
            // Without DB_HOST_STATUS=true the framework never sets its connection, and reading it is this Error.
            if (str_contains($error->getMessage(), 'before initialization')) {
                throw new LogicException(self::NOT_CONNECTED, 0, $error);
            }
            throw $error;
        }
        $database->setAttribute(PDO::ATTR_ERRMODE, PDO::ERRMODE_EXCEPTION);
        if ($database->getAttribute(PDO::ATTR_DRIVER_NAME) === 'mysql') {
            $database->exec('SET NAMES utf8mb4');
        }
        return $database;
    }

    /**
     * A JSON 500 for any failure. The details (SQL, file paths) go to the server's log only;
     * a missing table is named, with the statement that creates it.
     */
    private function failure(Throwable $error): string
    {
        $cause = $error->getPrevious();
        error_log(self::class . ': ' . $error->getMessage() . ($cause === null ? '' : ' (' . $cause->getMessage() . ')'));
        http_response_code(500);
        $message = 'Erreur du serveur ou de la base de données : le détail est dans le journal du serveur.';
        // SQLSTATE 42S02: MySQL / MariaDB's missing table; SQLite says "no such table".
        $driver = match (true) {
            !$error instanceof PDOException => null,
            $error->getCode() === '42S02' => 'mysql',
            str_contains($error->getMessage(), 'no such table') => 'sqlite',
            default => null,
        };
        if ($error instanceof LogicException && $error->getMessage() === self::NOT_CONNECTED) {
            $message = self::NOT_CONNECTED;
        } elseif ($driver !== null) {
            $message = 'La table <% table %> n\'existe pas : créez-la avec ' . self::CREATE_TABLE[$driver];
        }
        return json_encode(['erreur' => $message], self::JSON_FLAGS);
    }
<%# hasPost %>

    private function create(Request $request, PDO $database): string
    {
        $json = $this->jsonBody();
        if (is_string($json)) {
            return $this->unreadable($json);
        }
        $input = $json ?? $request->getVars();
        $unsent = $json === null ? $this->notSentAsJson($input) : null;
        if ($unsent !== null) {
            http_response_code(400);
            return json_encode(['erreur' => $unsent, 'champs' => array_keys(self::FIELDS)], self::JSON_FLAGS);
        }
        $errors = [];
        $values = $this->validate($input, $errors);
        if ($errors !== []) {
            return $this->invalid($errors);
        }

        // Bound parameters: the values never become part of the SQL text.
        $statement = $database->prepare(
            'INSERT INTO <% table %> (<%# fields %><% name %><%^ last %>, <%/ last %><%/ fields %>) VALUES (<%# fields %>:<% name %><%^ last %>, <%/ last %><%/ fields %>)'
        );
<%# fields %>
        $statement->bindValue(':<% name %>', $values['<% name %>'], PDO::<%& pdoParam %>);
<%/ fields %>
        $statement->execute();

        http_response_code(201);
        return json_encode(['id' => (int) $database->lastInsertId()] + $values, self::JSON_FLAGS);
    }

    /** @param array<string, string> $errors */
    private function invalid(array $errors): string
    {
        http_response_code(400);
        $reasons = [];
        foreach ($errors as $name => $reason) {
            $reasons[] = $name . ' (' . $reason . ')';
        }
        return json_encode([
            'erreur' => 'Champs manquants ou invalides : ' . implode(', ', $reasons) . '.',
            'champs' => array_keys($errors),
        ], self::JSON_FLAGS);
    }

    /**
     * The body of a JSON request, decoded (the request object reads only form and query data),
     * null when the request is not JSON, or why it is no JSON object (said in the 400 answer).
     *
     * @return array<mixed>|string|null
     */
    private function jsonBody(): array|string|null
    {
        $contentType = strtolower(trim(explode(';', $_SERVER['CONTENT_TYPE'] ?? '')[0]));
        if ($contentType !== 'application/json') {
            return null;
        }
        $data = json_decode((string) file_get_contents('php://input'), true);
        if (json_last_error() !== JSON_ERROR_NONE) {
            return 'Le corps de la requête n\'est pas du JSON valide (' . json_last_error_msg() . ').';
        }
        if (!is_array($data) || ($data !== [] && array_is_list($data))) {
            return 'Le corps JSON doit être un objet, comme {"' . array_key_first(self::FIELDS) . '": …}.';
        }
        return $data;
    }

    /**
     * Why a body that is not declared as JSON brought none of the fields, or null when it did: the
     * usual cause is JSON sent without its header (curl -d sends application/x-www-form-urlencoded).
     *
     * @param array<mixed> $input
     */
    private function notSentAsJson(array $input): ?string
    {
        if (array_intersect_key($input, self::FIELDS) !== []) {
            return null;
        }
        $raw = ltrim((string) file_get_contents('php://input'));
        $header = 'l\'en-tête Content-Type: application/json (avec curl : -H \'Content-Type: application/json\')';
        if ($raw !== '' && ($raw[0] === '{' || $raw[0] === '[')) {
            return 'Le corps ressemble à du JSON, mais il est arrivé sans ' . $header . ' : renvoyez-le avec cet en-tête.';
        }
        return 'Aucun champ reçu : envoyez un objet JSON avec ' . $header . ', ou des champs de formulaire (' . implode(', ', array_keys(self::FIELDS)) . ').';
    }

    /** 400 for a body that cannot be read at all. */
    private function unreadable(string $message): string
    {
        http_response_code(400);
        return json_encode(['erreur' => $message], self::JSON_FLAGS);
    }

    /**
     * The values of FIELDS, typed; each missing or invalid field gets its reason in $errors.
     * Integers must fit an INT column and text a TEXT column, so the database never refuses them.
     * Form fields are read with getVars(): get() fails on an array such as nom[]=x.
     *
     * @param array<mixed> $input
     * @param array<string, string> $errors
     * @return array<string, int|string>
     */
    private function validate(array $input, array &$errors): array
    {
        $values = [];
        foreach (self::FIELDS as $name => $rule) {
            $value = $input[$name] ?? null;
            if (is_string($value)) {
                $value = trim($value);
            }
            if ($value === null || $value === '') {
                $errors[$name] = 'obligatoire';
            } elseif ($rule['type'] === 'int') {
                // (int) saturates on too many digits, so such text stays out of range.
                if (is_string($value) && preg_match('/^-?[0-9]+$/', $value) === 1) {
                    $value = (int) $value;
                }
                if (is_int($value) && $value >= self::INT_MIN && $value <= self::INT_MAX) {
                    $values[$name] = $value;
                } else {
                    $errors[$name] = 'nombre entier de ' . self::INT_MIN . ' à ' . self::INT_MAX . ' attendu';
                }
            } else {
                if (is_int($value)) {
                    $value = (string) $value;
                }
                // preg_match_all counts characters, and fails on text that is not UTF-8.
                $length = is_string($value) ? preg_match_all('/./su', $value) : false;
                if ($length === false) {
                    $errors[$name] = 'texte attendu';
                } elseif ($rule['max'] !== null && $length > $rule['max']) {
                    $errors[$name] = $rule['max'] . ' caractères au plus';
                } elseif ($rule['max'] === null && strlen($value) > self::TEXT_BYTES) {
                    $errors[$name] = self::TEXT_BYTES . ' octets au plus';
                } else {
                    $values[$name] = $value;
                }
            }
        }
        return $values;
    }
<%/ hasPost %>

    /**
     * A row with its id and integer columns as JSON numbers (some drivers return text).
     *
     * @param array<string, mixed> $row
     * @return array<string, mixed>
     */
    private function typed(array $row): array
    {
        $row['id'] = (int) $row['id'];
<%# fields %>
<%# isInt %>
        $row['<% name %>'] = (int) $row['<% name %>'];
<%/ isInt %>
<%/ fields %>
        return $row;
    }
}
