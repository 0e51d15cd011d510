<?php

namespace Controller\api;

use OpenApi\Attributes;
use PDO;
use Studoo\EduFramework\Core\Controller\ControllerInterface;
use Studoo\EduFramework\Core\Controller\Request;
use Studoo\EduFramework\Core\Service\DatabaseService;

/**
 * GET one row of the table <%& table %>, by its id.
 */
class <%& className %> implements ControllerInterface
{
    private const JSON_FLAGS = JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE;

    #[Attributes\Get(
        path: '<% itemUri %>',
        responses: [
            new Attributes\Response(response: '200', description: 'The row with this id'),
            new Attributes\Response(response: '404', description: 'No row has this id: {"erreur": "..."}'),
        ]
    )]
    #[Attributes\Parameter(name: 'id', in: 'path', required: true, schema: new Attributes\Schema(type: 'integer'))]
    public function execute(Request $request): string|null
    {
        header('Content-Type: application/json');

        // The route parameter {id} as an integer; null, "abc" or "1.5" match no row.
        $id = filter_var($request->get('id'), FILTER_VALIDATE_INT);
        if ($id === false) {
            return $this->notFound();
        }

        // A bound parameter: the id never becomes part of the SQL text.
        $statement = DatabaseService::getConnect()->prepare(
            'SELECT id, <%# fields %><% name %><%^ last %>, <%/ last %><%/ fields %> FROM <% table %> WHERE id = :id'
        );
        $statement->bindValue(':id', $id, PDO::PARAM_INT);
        $statement->execute();
        $row = $statement->fetch(PDO::FETCH_ASSOC);
        if ($row === false) {
            return $this->notFound();
        }

        // The id and integer columns as JSON numbers (some drivers return text).
        $row['id'] = (int) $row['id'];
<%# fields %>
<%# isInt %>
        $row['<% name %>'] = (int) $row['<% name %>'];
<%/ isInt %>
<%/ fields %>
        return json_encode($row, self::JSON_FLAGS);
    }

    private function notFound(): string
    {
        http_response_code(404);
        return json_encode(['erreur' => 'Aucune ligne de <% table %> n\'a cet id.'], self::JSON_FLAGS);
    }
}
