<?php

namespace Command;

use Studoo\EduFramework\Commands\Extends\CommandBanner;
use Studoo\EduFramework\Commands\Extends\CommandManage;
use Studoo\EduFramework\Core\ConfigCore;
use Symfony\Component\Console\Attribute\AsCommand;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Output\OutputInterface;

#[AsCommand(name: '<% commandName %>', description: 'Renseigner la description de la commande <% commandName %>')]
class <%& className %> extends CommandManage
{
	public function execute(InputInterface $input, OutputInterface $output): int
	{
		self::$stdOutput->writeln([
			CommandBanner::getBanner(),
			'Bienvenue dans la console ' . ConfigCore::getConfig('name'),
			'',
		]);
		// Ajouter votre code ici
		return Command::SUCCESS;
	}
}
