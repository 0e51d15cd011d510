<?php

namespace Controller\api;

use OpenApi\Attributes;
use Studoo\EduFramework\Core\Controller\ControllerInterface;
use Studoo\EduFramework\Core\Controller\Request;

class <%& className %> implements ControllerInterface
{
<%# operations %>
    #[Attributes\<%& attribute %>(path: '<% uri %>')]
<%/ operations %>
<%# parameters %>
    #[Attributes\Parameter(name: '<% name %>', in: 'path', required: true, schema: new Attributes\Schema(type: '<% type %>'))]
<%/ parameters %>
    #[Attributes\Response(response: '200', description: '<% description %>')]
    public function execute(Request $request): string|null
    {
        header('Content-Type: application/json');

        // Sample data: replace it with your own.
        return json_encode([
            ['nom' => 'Dupont', 'prenom' => 'Jean'],
            ['nom' => 'Martin', 'prenom' => 'Alice'],
        ], JSON_THROW_ON_ERROR);
    }
}
