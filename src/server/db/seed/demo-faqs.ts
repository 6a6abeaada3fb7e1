import type { LocalizedText } from '../../../shared/localized-text.js';

export interface DemoFaq {
  question: LocalizedText;
  /** Plain text; the FAQ page renders each `\n` as a line break. */
  answer: LocalizedText;
  order_index: number;
  active: boolean;
}

/** The demo shop's questions and answers, in English and French (issue 19 §2). */
export const demoFaqs: readonly DemoFaq[] = [
  {
    question: { en: 'How quickly will I receive my robot?', fr: 'En combien de temps vais-je recevoir mon robot ?' },
    answer: {
      en: 'Delivery takes up to 24 hours after your payment is confirmed.\nWe prepare your copy of the robot, then send a Telegram message to the username you gave in the order form.\nThe file then appears in My Orders, ready to download.',
      fr: 'La livraison prend jusqu’à 24 heures après la confirmation de votre paiement.\nNous préparons votre exemplaire du robot, puis envoyons un message Telegram au nom d’utilisateur indiqué dans le bon de commande.\nLe fichier apparaît alors dans Mes commandes, prêt à être téléchargé.',
    },
    order_index: 0,
    active: true,
  },
  {
    question: { en: 'Which payment methods do you accept?', fr: 'Quels moyens de paiement acceptez-vous ?' },
    answer: {
      en: 'We accept cryptocurrency: USDT, USDC and BTC (network fees are paid by the sender).\nWise and Revolut transfers are also possible on request.\nPlease have your first and last name ready exactly as they appear on your MT4/MT5 account.',
      fr: 'Nous acceptons les cryptomonnaies : USDT, USDC et BTC (les frais de réseau sont à la charge de l’expéditeur).\nLes virements Wise et Revolut sont également possibles sur demande.\nMunissez-vous de vos prénom et nom exactement tels qu’ils figurent sur votre compte MT4/MT5.',
    },
    order_index: 1,
    active: true,
  },
  {
    question: {
      en: 'How many times can I download my robot?',
      fr: 'Combien de fois puis-je télécharger mon robot ?',
    },
    answer: {
      en: 'Each order includes 2 downloads.\nSave the file somewhere safe after the first download. If you run out of downloads, contact us with your order number.',
      fr: 'Chaque commande comprend 2 téléchargements.\nEnregistrez le fichier en lieu sûr dès le premier téléchargement. Si vous n’en avez plus, contactez-nous en indiquant votre numéro de commande.',
    },
    order_index: 2,
    active: true,
  },
  {
    question: {
      en: 'How do I install a robot in MetaTrader 4 or 5?',
      fr: 'Comment installer un robot dans MetaTrader 4 ou 5 ?',
    },
    answer: {
      en: '1. In MetaTrader, open the File menu and choose Open Data Folder.\n2. Copy the robot file into MQL4/Experts (MT4) or MQL5/Experts (MT5).\n3. Restart MetaTrader or refresh the Navigator panel.\n4. Drag the robot onto a chart of the recommended pair and enable Algo Trading (AutoTrading in MT4).\nWe recommend running it on a VPS so it trades around the clock.',
      fr: '1. Dans MetaTrader, ouvrez le menu Fichier et choisissez Ouvrir le dossier des données.\n2. Copiez le fichier du robot dans MQL4/Experts (MT4) ou MQL5/Experts (MT5).\n3. Redémarrez MetaTrader ou actualisez le panneau Navigateur.\n4. Faites glisser le robot sur un graphique de la paire recommandée et activez le trading algorithmique (AutoTrading dans MT4).\nNous vous conseillons de le faire tourner sur un VPS pour qu’il trade jour et nuit.',
    },
    order_index: 3,
    active: true,
  },
  {
    question: {
      en: 'Can I lose money with a trading robot?',
      fr: 'Puis-je perdre de l’argent avec un robot de trading ?',
    },
    answer: {
      en: 'Yes. Trading forex, gold and other leveraged products is risky, and no robot wins every trade.\nThe statistics shown on this site describe past results, which do not guarantee future performance.\nStart on a demo account or with a small balance, and only trade money you can afford to lose.',
      fr: 'Oui. Le trading du forex, de l’or et d’autres produits à effet de levier est risqué, et aucun robot ne gagne à chaque position.\nLes statistiques affichées sur ce site décrivent des résultats passés, qui ne garantissent pas les performances futures.\nCommencez sur un compte de démonstration ou avec un petit solde, et ne tradez que de l’argent que vous pouvez vous permettre de perdre.',
    },
    order_index: 4,
    active: true,
  },
];
