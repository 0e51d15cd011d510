import {describe, expect, it} from 'vitest';
import {titleBlockOf} from '../../source/project/base-view.js';

describe('the block a generated view fills with its title', () => {
	it.each([
		['Edu Framework 2.3\'s base', '<head>\n    <title>{% block titre %}{% endblock %}</title>\n</head>\n{% block content %}{% endblock %}', 'titre'],
		['a base that says title', '<title>{% block title %}{% endblock %}</title>', 'title'],
		['whitespace control and a prefix', '<TITLE lang="fr">Mon site - {%- block page_title -%}{%- endblock -%}</TITLE>', 'page_title'],
		['blocks elsewhere only', '<title>Mon site</title>{% block title %}{% endblock %}', 'titre'],
		['no base.html.twig', undefined, 'titre'],
	])('%s → %s', (_, base, block) => {
		expect(titleBlockOf(base)).toBe(block);
	});
});
