<?php

namespace Controller\api;

use OpenApi\Attributes;
use PDO;
use Studoo\EduFramework\Core\Controller\ControllerInterface;
use Studoo\EduFramework\Core\Controller\Request;
use Studoo\EduFramework\Core\Service\DatabaseService;

/**
 * GET lists the rows of the table <%& table %>; POST adds one.
 *
 * The table it expects (MySQL / MariaDB):
 *
 *     CREATE TABLE <%& table %> (
 *         id INT AUTO_INCREMENT PRIMARY KEY,
<%# fields %>
 *         <%& name %> <%& sqlType %> NOT NULL<%^ last %>,<%/ last %>
<%/ fields %>
 *     );
 */
class <%& className %> implements ControllerInterface
{
    /** The fields a client sends: their type, and the maximum length of a string (null: no limit). */
    private const FIELDS = [
<%# fields %>
        '<% name %>' => ['type' => '<% phpType %>', 'max' => <%& maxLiteral %>],
<%/ fields %>
    ];

    private const JSON_FLAGS = JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE;

    #[Attributes\Get(
        path: '<% uri %>',
        responses: [
            new Attributes\Response(response: '200', description: '<% listDescription %>'),
        ]
    )]
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
                            new Attributes\Property(property: '<% name %>', type: '<% openapiType %>'<%# hasLength %>, maxLength: <%& length %><%/ hasLength %>),
<%/ fields %>
                        ]
                    )
                ),
<%/ mediaTypes %>
            ]
        ),
        responses: [
            new Attributes\Response(response: '201', description: 'The created row, with its id'),
            new Attributes\Response(response: '400', description: 'A field is missing or invalid: {"erreur": "...", "champs": [...]}'),
        ]
    )]
    public function execute(Request $request): string|null
    {
        header('Content-Type: application/json');
        $database = DatabaseService::getConnect();

        if ($request->getHttpMethod() === 'POST') {
            return $this->create($request, $database);
        }

        // FETCH_ASSOC: each column once, by name (the default mode repeats it by number).
        $rows = $database
            ->query('SELECT id, <%# fields %><% name %><%^ last %>, <%/ last %><%/ fields %> FROM <% table %> ORDER BY id')
            ->fetchAll(PDO::FETCH_ASSOC);

        return json_encode(array_map(fn (array $row): array => $this->typed($row), $rows), self::JSON_FLAGS);
    }

    private function create(Request $request, PDO $database): string
    {
        $input = $this->jsonBody() ?? $request->getVars();
        $errors = [];
        $values = $this->validate($input, $errors);
        if ($errors !== []) {
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

    /**
     * The body of a JSON request, decoded (the request object reads only form and query data),
     * or null when the request is not JSON. Invalid JSON gives [], so every field is missing.
     *
     * @return array<mixed>|null
     */
    private function jsonBody(): ?array
    {
        $contentType = strtolower(trim(explode(';', $_SERVER['CONTENT_TYPE'] ?? '')[0]));
        if ($contentType !== 'application/json') {
            return null;
        }
        $data = json_decode((string) file_get_contents('php://input'), true);
        return is_array($data) ? $data : [];
    }

    /**
     * The values of FIELDS, typed; each missing or invalid field gets its reason in $errors.
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
                if (is_string($value) && preg_match('/^-?[0-9]{1,18}$/', $value) === 1) {
                    $value = (int) $value;
                }
                if (is_int($value)) {
                    $values[$name] = $value;
                } else {
                    $errors[$name] = 'nombre entier attendu';
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
                } else {
                    $values[$name] = $value;
                }
            }
        }
        return $values;
    }

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
