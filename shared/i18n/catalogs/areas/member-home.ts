import { defineArea } from '../area.js';

/** A remote member's reliability as their home community reports it (issue 39 §3). */
export const memberHome = defineArea({
  en: {
    'memberHome.label': 'Reliability at {host}',
    'memberHome.reported': 'As {host} reports it, {date}.',
    'memberHome.notYet': '{host} has not reported this member’s reliability yet.',
    'memberHome.profileThere': 'Their profile on {host}',
  },
  'pt-BR': {
    'memberHome.label': 'Confiabilidade em {host}',
    'memberHome.reported': 'Conforme informado por {host} em {date}.',
    'memberHome.notYet': '{host} ainda não informou a confiabilidade deste membro.',
    'memberHome.profileThere': 'Perfil em {host}',
  },
  de: {
    'memberHome.label': 'Zuverlässigkeit bei {host}',
    'memberHome.reported': 'So meldet es {host}, am {date}.',
    'memberHome.notYet': '{host} hat die Zuverlässigkeit dieses Mitglieds noch nicht gemeldet.',
    'memberHome.profileThere': 'Profil bei {host}',
  },
  ar: {
    'memberHome.label': 'الموثوقية في {host}',
    'memberHome.reported': 'كما أفاد {host} في {date}.',
    'memberHome.notYet': 'لم يُفِد {host} بعد بموثوقية هذا العضو.',
    'memberHome.profileThere': 'ملفه الشخصي على {host}',
  },
});
