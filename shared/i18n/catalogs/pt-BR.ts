import { account } from './areas/account.js';
import { admin } from './areas/admin.js';
import { alerts } from './areas/alerts.js';
import { browse } from './areas/browse.js';
import { chat } from './areas/chat.js';
import { circles } from './areas/circles.js';
import { dialogs } from './areas/dialogs.js';
import { emails } from './areas/emails.js';
import { featured } from './areas/featured.js';
import { giveaways } from './areas/giveaways.js';
import { inbox } from './areas/inbox.js';
import { info } from './areas/info.js';
import { listing } from './areas/listing.js';
import { listingForm } from './areas/listing-form.js';
import { listingOwner } from './areas/listing-owner.js';
import { manifest } from './areas/manifest.js';
import { matches } from './areas/matches.js';
import { memberHome } from './areas/member-home.js';
import { moderationNotices } from './areas/moderation-notices.js';
import { notFound } from './areas/not-found.js';
import { notificationSettings } from './areas/notification-settings.js';
import { notifications } from './areas/notifications.js';
import { offerDialogs } from './areas/offer-dialogs.js';
import { offers } from './areas/offers.js';
import { problems } from './areas/problems.js';
import { profile } from './areas/profile.js';
import { register } from './areas/register.js';
import { reports } from './areas/reports.js';
import { rounds } from './areas/rounds.js';
import { saved } from './areas/saved.js';
import { serverPages } from './areas/server-pages.js';
import { signInPrompt } from './areas/sign-in-prompt.js';
import { swapFor } from './areas/swap-for.js';
import { wants } from './areas/wants.js';
import type { Catalog } from './en.js';

/** Brazilian Portuguese: short, plain, the spec's meaning (issue 41). */
export const ptBR: Catalog = {
  'header.home': 'Início do {siteName}',
  'header.social': 'Siga-nos nas redes sociais (abre em uma nova aba)',
  'header.mainNav': 'Principal',
  'header.loading': 'Carregando...',
  'header.free': 'GRÁTIS',
  'header.signIn': 'Entrar',
  'header.register': 'Criar conta',
  'header.accountMenu': 'Menu da conta',
  'nav.items': 'Itens',
  'nav.offers': 'Ofertas',
  'nav.matches': 'Combinações',
  'nav.rounds': 'Rodadas',
  'nav.savedItems': 'Itens salvos',
  'nav.listItem': 'Anunciar um item',
  'nav.help': 'Ajuda',
  'nav.contact': 'Contato',
  'nav.disclaimer': 'Aviso legal',
  'nav.notifications': 'Notificações',
  'nav.wantAlerts': 'Alertas de desejos',
  'nav.settings': 'Configurações',
  'nav.notificationSettings': 'Configurações de notificação',
  'nav.howItWorks': 'Como funciona',
  'nav.profile': 'Perfil',
  'nav.logOut': 'Sair',
  'menu.open': 'Abrir menu',
  'menu.close': 'Fechar menu',
  'menu.title': 'Menu',
  'menu.description': 'Navegação do site',
  'menu.nav': 'Celular',
  'footer.nav': 'Rodapé',
  'footer.howItWorks': 'Como funciona',
  'footer.help': 'Central de ajuda',
  'footer.contact': 'Contato',
  'footer.terms': 'Termos',
  'footer.disclaimer': 'Aviso legal',
  'footer.copyright': '© 2024 {siteName}. Todos os direitos reservados.',
  'footer.language': 'Idioma',
  'layout.skipToContent': 'Pular para o conteúdo',

  'home.findHeading': 'Encontre o que você procura',
  'home.findText': 'Pesquise todos os itens que os membros anunciaram para troca.',
  'home.goToSearch': 'Ir para a busca',
  'home.tagline': 'Sem dinheiro. Só trocas.',
  'home.heading': 'Troque o que você tem!',
  'home.intro':
    'Anuncie o que você não usa mais e troque pelo que você precisa, com pessoas da sua comunidade.',
  'home.learnHow': 'Veja como funciona',
  'home.startBrowsing': 'Começar a explorar',
  'home.categoriesHeading': 'Explore por categoria',
  'home.trustHeading': 'Por que confiar no {siteName}',
  'home.trust.verified.title': 'Membros verificados',
  'home.trust.verified.text':
    'Quem anuncia itens paga uma taxa única de verificação de £0,99 para reduzir contas falsas e recebe o selo ✓ Verificado.',
  'home.trust.process.title': 'Troca sem complicação',
  'home.trust.process.text':
    'Ofertas, respostas e conversa em um só lugar. Aceite, recuse, marque como concluída e depois avaliem um ao outro.',
  'home.trust.safety.title': 'Segurança em primeiro lugar',
  'home.trust.safety.text':
    'Avaliações em todos os perfis, regras de itens proibidos e moderadores que agem quando há denúncias.',
  'home.safetyHeading': 'Troque com segurança',
  'home.tip.public': 'Encontre-se em lugares públicos',
  'home.tip.friend': 'Leve alguém junto para itens de valor',
  'home.tip.inspect': 'Confira os itens antes de trocar',
  'home.tip.banking': 'Nunca compartilhe dados bancários',

  'auth.welcome': 'Boas-vindas ao {siteName}',
  'auth.intro': 'Troque o que você tem pelo que você quer, com pessoas perto de você.',
  'auth.bullet.free': 'Anuncie quantos itens quiser, de graça',
  'auth.bullet.direct': 'Troque direto com pessoas perto de você, sem dinheiro',
  'auth.bullet.chat': 'Converse sobre cada oferta antes de aceitar',
  'auth.bullet.trust': 'Avaliações e membros verificados em quem você pode confiar',
  'auth.safeTitle': 'Proteja seus dados de acesso.',
  'auth.safeText':
    'Nunca pediremos sua senha por e-mail, telefone ou mensagem. Use uma senha que você não usa em nenhum outro lugar e nunca a compartilhe com outro membro.',
  'auth.tabs': 'Entre ou crie uma conta',
  'auth.signInTab': 'Entrar',
  'auth.registerTab': 'Criar conta',
  'signIn.form': 'Entrar',
  'signIn.submit': 'Entrar',
  'signIn.pending': 'Entrando...',
  'signIn.welcomeBack': 'Que bom ver você de novo!',
  'signIn.failedTitle': 'Não foi possível entrar',
  'signIn.failedText':
    'Confira seu e-mail e sua senha. Se ainda não tem conta, use a aba Criar conta para criar uma.',
  'field.email': 'E-mail',
  'field.password': 'Senha',

  'category.2': 'Eletrônicos',
  'category.3': 'Roupas',
  'category.4': 'Casa e jardim',
  'category.5': 'Livros e mídia',
  'category.6': 'Esportes',
  'category.7': 'Brinquedos e jogos',
  'category.8': 'Colecionáveis',
  'category.9': 'Cozinha',
  'category.10': 'Saúde e beleza',
  'category.11': 'Automotivo',

  'count.listings': '{count, plural, one {# anúncio} other {# anúncios}}',

  'api.signInRequired': 'Entre na sua conta para continuar',
  'api.invalidCredentials': 'E-mail ou senha inválidos',
  'api.emailTaken': 'Já existe uma conta com este e-mail',
  'api.nicknameTaken': 'Este apelido já está em uso',
  'api.invalidEmail': 'Endereço de e-mail inválido',
  'api.firstNameRequired': 'O nome é obrigatório',
  'api.lastNameRequired': 'O sobrenome é obrigatório',
  'api.nicknameRequired': 'O apelido é obrigatório',
  'api.passwordShort': 'A senha deve ter pelo menos 6 caracteres',
  'api.agreeTerms': 'Você precisa aceitar os termos e condições',
  'api.resetLinkInvalid': 'Este link de redefinição de senha é inválido ou expirou.',
  'api.verifyLinkInvalid': 'Este link de verificação é inválido ou expirou.',
  'api.tooManySignIns':
    'Muitas tentativas de entrada sem sucesso. Aguarde alguns minutos e tente de novo.',
  'api.tooManyAccounts': 'Muitas contas novas criadas nesta rede. Tente novamente mais tarde.',
  'api.tooManyLinks':
    'Já enviamos vários links. Confira sua caixa de entrada e tente novamente mais tarde.',
  'api.slowDown': 'Vá com calma',
  'api.itemNotFound': 'Item não encontrado',
  'api.userNotFound': 'Usuário não encontrado',
  'api.notFound': 'Não encontrado',
  'api.titleRequired': 'O título é obrigatório',
  'api.descriptionRequired': 'A descrição é obrigatória',
  'api.selectCategory': 'Selecione uma categoria',
  'api.selectCondition': 'Selecione um estado de conservação',
  'api.maxImages': 'No máximo 5 imagens',
  'api.bannedWord': 'Itens com "{word}" não são permitidos para troca',
  'api.badRequest': 'Requisição inválida',
  'api.invalidRequest': 'Requisição inválida',
  'api.bodyTooLarge': 'O corpo da requisição é grande demais',
  'api.crossSite': 'Requisições de outros sites não são permitidas',
  'api.internal': 'Erro interno do servidor',
  'api.unavailable': 'O serviço está indisponível no momento. Tente novamente em instantes.',
  // After a count in the navigation (offers, matches): how many are new, for screen readers
  'nav.new': 'novidades',
  'avatar.label': 'Avatar',
  'footer.pageViews': 'Visualizações de página',
  'footer.visits': '{count, plural, one {# visita} other {# visitas}}',
  'offline.title': 'Você está offline.',
  'offline.text': 'O que precisa de conexão volta quando você estiver online de novo.',
  // Screens' areas (./areas/*.ts), one spread each: every language of a screen side by side
  ...notFound['pt-BR'],
  ...memberHome['pt-BR'],
  ...emails['pt-BR'],
  ...notifications['pt-BR'],
  ...manifest['pt-BR'],
  ...moderationNotices['pt-BR'],
  ...serverPages['pt-BR'],
  ...offers['pt-BR'],
  ...giveaways['pt-BR'],
  ...offerDialogs['pt-BR'],
  ...chat['pt-BR'],
  ...matches['pt-BR'],
  ...swapFor['pt-BR'],
  ...rounds['pt-BR'],
  ...admin['pt-BR'],
  ...featured['pt-BR'],
  ...browse['pt-BR'],
  ...listing['pt-BR'],
  ...listingForm['pt-BR'],
  ...wants['pt-BR'],
  ...saved['pt-BR'],
  ...register['pt-BR'],
  ...account['pt-BR'],
  ...signInPrompt['pt-BR'],
  ...profile['pt-BR'],
  ...reports['pt-BR'],
  ...listingOwner['pt-BR'],
  ...alerts['pt-BR'],
  ...circles['pt-BR'],
  ...inbox['pt-BR'],
  ...notificationSettings['pt-BR'],
  ...problems['pt-BR'],
  ...info['pt-BR'],
  ...dialogs['pt-BR'],
};
