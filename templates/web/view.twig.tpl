{% extends "base.html.twig" %}

{% block <%& titleBlock %> %}{{ titre }}{% endblock %}

{% block content %}
    <h1>{{ titre }}</h1>
{% endblock %}
