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
 * One row of the table <%& table %>, by its id: GET reads it<%# hasPut %>, PUT replaces it<%/ hasPut %><%# hasDelete %>, DELETE removes it<%/ hasDelete %>.
 * The table is described in <%& listClass %>.
 */
class <%& className %> implements ControllerInterface
{
<%# hasPut %>
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

<%/ hasPut %>
    /** What to run when the table is missing, on MySQL / MariaDB and on SQLite. */
    private const CREATE_TABLE = [
        'mysql' => '<% createMysql %>',
        'sqlite' => '<% createSqlite %>',
    ];

    /** The 500's message when the framework did not connect at start (it does only with DB_HOST_STATUS=true). */
    private const NOT_CONNECTED = 'La base de données n\'est pas connectée : le framework ne s\'y connecte au démarrage qu\'avec la ligne DB_HOST_STATUS=true (en minuscules) dans .env ; ajoutez-la, puis relancez la requête (edu doctor vérifie la connexion).';

    private const JSON_FLAGS = JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE;

    #[Attributes\Get(
        path: '<% itemUri %>',
        responses: [
            new Attributes\Response(response: '200', description: 'The row with this id'),
            new Attributes\Response(response: '404', description: 'No row has this id: {"erreur": "..."}'),
            new Attributes\Response(response: '500', description: 'The database failed, or the table is missing: {"erreur": "..."}'),
        ]
    )]
<%# hasPut %>
    #[Attributes\Put(
        path: '<% itemUri %>',
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
            new Attributes\Response(response: '200', description: 'The row, replaced'),
            new Attributes\Response(response: '400', description: 'A field is missing or invalid: {"erreur": "...", "champs": [...]}; or a JSON body that is no JSON object: {"erreur": "..."}'),
            new Attributes\Response(response: '404', description: 'No row has this id: {"erreur": "..."}'),
            new Attributes\Response(response: '500', description: 'The database failed, or the table is missing: {"erreur": "..."}'),
        ]
    )]
<%/ hasPut %>
<%# hasDelete %>
    #[Attributes\Delete(
        path: '<% itemUri %>',
        responses: [
            new Attributes\Response(response: '204', description: 'The row was deleted'),
            new Attributes\Response(response: '404', description: 'No row has this id: {"erreur": "..."}'),
            new Attributes\Response(response: '500', description: 'The database failed, or the table is missing: {"erreur": "..."}'),
        ]
    )]
<%/ hasDelete %>
    #[Attributes\Parameter(name: 'id', in: 'path', required: true, schema: new Attributes\Schema(type: 'integer'))]
    public function execute(Request $request): string|null
    {
        header('Content-Type: application/json');

        // The route parameter {id} as an integer ("01" is 1); null, "abc", "-1" or "1.5" match no row.
        $raw = $request->get('id');
        if (!is_string($raw) || !ctype_digit($raw) || strlen(ltrim($raw, '0')) > 18) {
            return $this->notFound();
        }
        $id = (int) $raw;

        try {
            $database = $this->connect();
            $row = $this->find($database, $id);
            if ($row === null) {
                return $this->notFound();
            }
<%# hasPut %>
            if ($request->getHttpMethod() === 'PUT') {
                return $this->replace($database, $id);
            }
<%/ hasPut %>
<%# hasDelete %>
            if ($request->getHttpMethod() === 'DELETE') {
                return $this->delete($database, $id);
            }
<%/ hasDelete %>
            return json_encode($row, self::JSON_FLAGS);
        } catch (Throwable $error) {
            return $this->failure($error);
        }
    }

    /**
     * The row with this id, typed, or null. A bound parameter: the id never becomes part of the SQL text.
     *
     * @return array<string, mixed>|null
     */
    private function find(PDO $database, int $id): ?array
    {
        $statement = $database->prepare(
            'SELECT id, <%# fields %><% name %><%^ last %>, <%/ last %><%/ fields %> FROM <% table %> WHERE id = :id'
        );
        $statement->bindValue(':id', $id, PDO::PARAM_INT);
        $statement->execute();
        // FETCH_ASSOC: each column once, by name (the default mode repeats it by number).
        $row = $statement->fetch(PDO::FETCH_ASSOC);
        return $row === false ? null : $this->typed($row);
    }
<%# hasPut %>

    /** PUT: every field again, validated as for a new row; 200 with the row as stored. */
    private function replace(PDO $database, int $id): string
    {
        $json = $this->jsonBody();
        if (is_string($json)) {
            return $this->unreadable($json);
        }
        $input = $json ?? $this->formBody();
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

        $statement = $database->prepare(
            'UPDATE <% table %> SET <%# fields %><% name %> = :<% name %><%^ last %>, <%/ last %><%/ fields %> WHERE id = :id'
        );
<%# fields %>
        $statement->bindValue(':<% name %>', $values['<% name %>'], PDO::<%& pdoParam %>);
<%/ fields %>
        $statement->bindValue(':id', $id, PDO::PARAM_INT);
        $statement->execute();

        $row = $this->find($database, $id);
        return $row === null ? $this->notFound() : json_encode($row, self::JSON_FLAGS);
    }
<%/ hasPut %>
<%# hasDelete %>

    /** DELETE: 204 and no body, or 404 when another request deleted it first. */
    private function delete(PDO $database, int $id): ?string
    {
        $statement = $database->prepare('DELETE FROM <% table %> WHERE id = :id');
        $statement->bindValue(':id', $id, PDO::PARAM_INT);
        $statement->execute();
        if ($statement->rowCount() === 0) {
            return $this->notFound();
        }
        http_response_code(204);
        return null;
    }
<%/ hasDelete %>

    private function notFound(): string
    {
        http_response_code(404);
        return json_encode(['erreur' => 'Aucune ligne de <% table %> n\'a cet id.'], self::JSON_FLAGS);
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
<%# hasPut %>

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
     * The fields of a form-encoded body: PHP fills $_POST for POST only, so a PUT's form is read
     * from the raw body.
     *
     * @return array<mixed>
     */
    private function formBody(): array
    {
        parse_str((string) file_get_contents('php://input'), $fields);
        return $fields;
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
<%/ hasPut %>

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
