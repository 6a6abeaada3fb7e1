import type { LegalPageSlug } from '../../../shared/content-pages.js';
import type { LocalizedText } from '../../../shared/localized-text.js';

/** A content page as seeded: its title and HTML body in each language. */
export interface SeededPage {
  title: LocalizedText;
  content: LocalizedText;
}

/**
 * The legal pages' templates (DESIGN deviation 8), in English and French (issue 19 §2). They are
 * placeholders, and each says so at its top: the owner has them written for their own business.
 * Migration 0021 recognises a page still holding the English one by comparing it with this text:
 * change the English templates only with a migration that knows the former ones.
 */
export const legalTemplates: Readonly<Record<LegalPageSlug, SeededPage>> = {
  terms: {
    title: { en: 'Terms of Service', fr: 'Conditions générales de vente' },
    content: {
      en: [
        '<p><strong>Template: replace this text before you sell.</strong> This page is sample text shipped with the demo shop, not legal advice. Have your own version written or checked by a lawyer for your country and business, then paste it in the back office.</p>',
        '<h2>1. Who we are</h2>',
        '<p>[Shop name], [company form and registration number], [address], [contact email]. These terms apply to every purchase made on this site.</p>',
        '<h2>2. What you buy</h2>',
        '<p>You buy a licence to use an automated trading program (an Expert Advisor for MetaTrader 4 or 5) on your own trading accounts. The program is delivered as a file after payment; it remains our intellectual property and may not be resold or shared.</p>',
        '<h2>3. Orders and payment</h2>',
        '<p>An order is binding once the payment is confirmed. Prices are in US dollars and include [taxes]. Payment is made in cryptocurrency or by bank transfer through our payment partner.</p>',
        '<h2>4. Delivery</h2>',
        '<p>We aim to deliver within 24 hours of payment; the robot file is available from My Orders and may be downloaded twice.</p>',
        '<h2>5. No guarantee of results</h2>',
        '<p>Trading results depend on markets, brokers and settings. We do not promise any profit; read the Risk Disclosure before ordering.</p>',
        '<h2>6. Liability, law and disputes</h2>',
        '<p>[Limitation of liability, applicable law, competent courts or mediation service.]</p>',
      ].join(''),
      fr: [
        '<p><strong>Modèle : remplacez ce texte avant de vendre.</strong> Cette page est un exemple fourni avec la boutique de démonstration, pas un conseil juridique. Faites rédiger ou vérifier votre propre version par un avocat, au regard de votre pays et de votre activité, puis collez-la dans l’administration.</p>',
        '<h2>1. Qui sommes-nous</h2>',
        '<p>[Nom de la boutique], [forme juridique et numéro d’immatriculation], [adresse], [adresse e-mail de contact]. Les présentes conditions s’appliquent à tout achat effectué sur ce site.</p>',
        '<h2>2. Ce que vous achetez</h2>',
        '<p>Vous achetez une licence d’utilisation d’un programme de trading automatique (un Expert Advisor pour MetaTrader 4 ou 5) sur vos propres comptes de trading. Le programme est livré sous forme de fichier après le paiement ; il reste notre propriété intellectuelle et ne peut être ni revendu ni partagé.</p>',
        '<h2>3. Commandes et paiement</h2>',
        '<p>Une commande est ferme dès que le paiement est confirmé. Les prix sont indiqués en dollars américains et comprennent [taxes]. Le paiement s’effectue en cryptomonnaie ou par virement bancaire auprès de notre partenaire de paiement.</p>',
        '<h2>4. Livraison</h2>',
        '<p>Nous livrons en principe dans les 24 heures suivant le paiement ; le fichier du robot est disponible dans Mes commandes et peut être téléchargé deux fois.</p>',
        '<h2>5. Aucune garantie de résultat</h2>',
        '<p>Les résultats de trading dépendent des marchés, des courtiers et des réglages. Nous ne promettons aucun gain ; lisez l’avertissement sur les risques avant de commander.</p>',
        '<h2>6. Responsabilité, droit applicable et litiges</h2>',
        '<p>[Limitation de responsabilité, droit applicable, tribunaux compétents ou service de médiation.]</p>',
      ].join(''),
    },
  },
  privacy: {
    title: { en: 'Privacy Policy', fr: 'Politique de confidentialité' },
    content: {
      en: [
        '<p><strong>Template: replace this text before you sell.</strong> This page is sample text shipped with the demo shop, not legal advice. Have your own version written or checked by a lawyer for your country and business, then paste it in the back office.</p>',
        '<h2>What we collect</h2>',
        '<ul><li>Your account: name, email address, password (stored only as a hash).</li><li>Your orders: the robot, the price, your Telegram username and your strategy notes.</li><li>Technical data: the address and browser of each signed-in session, kept to protect your account.</li></ul>',
        '<h2>Why</h2>',
        '<p>To deliver what you order, to answer you, to keep accounts secure and to meet our accounting duties. Newsletters are sent only to addresses that subscribed, and every newsletter has an unsubscribe link.</p>',
        '<h2>Who receives it</h2>',
        '<p>[Payment partner, email provider, hosting provider.] We do not sell personal data.</p>',
        '<h2>How long</h2>',
        '<p>Account data until you delete your account (from your Account page). Orders are kept for [n] years for accounting, without your name or contact details once the account is deleted.</p>',
        '<h2>Your rights</h2>',
        '<p>You may access, correct, export or erase your data and object to its use by writing to [contact email]. You may also complain to [data protection authority].</p>',
      ].join(''),
      fr: [
        '<p><strong>Modèle : remplacez ce texte avant de vendre.</strong> Cette page est un exemple fourni avec la boutique de démonstration, pas un conseil juridique. Faites rédiger ou vérifier votre propre version par un avocat, au regard de votre pays et de votre activité, puis collez-la dans l’administration.</p>',
        '<h2>Ce que nous collectons</h2>',
        '<ul><li>Votre compte : nom, adresse e-mail, mot de passe (conservé uniquement sous forme d’empreinte).</li><li>Vos commandes : le robot, le prix, votre nom d’utilisateur Telegram et vos notes de stratégie.</li><li>Des données techniques : l’adresse et le navigateur de chaque session connectée, conservés pour protéger votre compte.</li></ul>',
        '<h2>Pourquoi</h2>',
        '<p>Pour livrer ce que vous commandez, vous répondre, sécuriser les comptes et remplir nos obligations comptables. Les lettres d’information ne sont envoyées qu’aux adresses inscrites, et chacune comporte un lien de désinscription.</p>',
        '<h2>Qui les reçoit</h2>',
        '<p>[Partenaire de paiement, prestataire d’e-mail, hébergeur.] Nous ne vendons aucune donnée personnelle.</p>',
        '<h2>Combien de temps</h2>',
        '<p>Les données du compte, jusqu’à ce que vous le supprimiez (depuis la page Mon compte). Les commandes sont conservées [n] ans pour la comptabilité, sans votre nom ni vos coordonnées une fois le compte supprimé.</p>',
        '<h2>Vos droits</h2>',
        '<p>Vous pouvez accéder à vos données, les rectifier, les exporter ou les effacer, et vous opposer à leur utilisation en écrivant à [adresse e-mail de contact]. Vous pouvez aussi saisir [autorité de protection des données].</p>',
      ].join(''),
    },
  },
  refund_policy: {
    title: { en: 'Refund Policy', fr: 'Politique de remboursement' },
    content: {
      en: [
        '<p><strong>Template: replace this text before you sell.</strong> This page is sample text shipped with the demo shop, not legal advice. Have your own version written or checked by a lawyer for your country and business, then paste it in the back office.</p>',
        '<h2>Before delivery</h2>',
        '<p>If your robot has not been delivered yet, write to us with your order number and we refund the full price, less any non-refundable payment fees.</p>',
        '<h2>After delivery</h2>',
        '<p>A robot is digital content: once its file has been downloaded, it cannot be returned. [State here whether and when you still refund, for example a file that does not work and that we cannot fix within 14 days.]</p>',
        '<h2>How refunds are paid</h2>',
        '<p>Refunds are paid with the method used for the order, within [n] days. Losses made while trading are never refunded.</p>',
      ].join(''),
      fr: [
        '<p><strong>Modèle : remplacez ce texte avant de vendre.</strong> Cette page est un exemple fourni avec la boutique de démonstration, pas un conseil juridique. Faites rédiger ou vérifier votre propre version par un avocat, au regard de votre pays et de votre activité, puis collez-la dans l’administration.</p>',
        '<h2>Avant la livraison</h2>',
        '<p>Si votre robot n’a pas encore été livré, écrivez-nous en indiquant votre numéro de commande : nous vous remboursons le prix total, déduction faite des éventuels frais de paiement non remboursables.</p>',
        '<h2>Après la livraison</h2>',
        '<p>Un robot est un contenu numérique : une fois son fichier téléchargé, il ne peut pas être retourné. [Indiquez ici si et quand vous remboursez malgré tout, par exemple un fichier qui ne fonctionne pas et que nous ne parvenons pas à corriger sous 14 jours.]</p>',
        '<h2>Modalités de remboursement</h2>',
        '<p>Les remboursements sont effectués par le moyen de paiement utilisé pour la commande, sous [n] jours. Les pertes subies en tradant ne sont jamais remboursées.</p>',
      ].join(''),
    },
  },
  risk_disclosure: {
    title: { en: 'Risk Disclosure', fr: 'Avertissement sur les risques' },
    content: {
      en: [
        '<p><strong>Template: replace this text before you sell.</strong> This page is sample text shipped with the demo shop, not legal advice. Have your own version written or checked by a lawyer for your country and business, then paste it in the back office.</p>',
        '<h2>Trading is risky</h2>',
        '<p>Trading foreign exchange, gold, indices and other leveraged products carries a high level of risk and may not be suitable for everyone. Leverage works against you as well as for you: you can lose more than your initial deposit.</p>',
        '<h2>Automated trading</h2>',
        '<p>A robot follows rules; it does not know the future. Market gaps, news, spreads, slippage, broker conditions, connection failures and software errors can all cause losses.</p>',
        '<h2>Past results</h2>',
        '<p>The statistics on this site describe past or simulated results. They do not guarantee future performance.</p>',
        '<h2>Your responsibility</h2>',
        '<p>Test every robot on a demo account first, use only money you can afford to lose, and seek independent financial advice if you are unsure. Nothing on this site is investment advice.</p>',
      ].join(''),
      fr: [
        '<p><strong>Modèle : remplacez ce texte avant de vendre.</strong> Cette page est un exemple fourni avec la boutique de démonstration, pas un conseil juridique. Faites rédiger ou vérifier votre propre version par un avocat, au regard de votre pays et de votre activité, puis collez-la dans l’administration.</p>',
        '<h2>Le trading est risqué</h2>',
        '<p>Le trading de devises, d’or, d’indices et d’autres produits à effet de levier comporte un niveau de risque élevé et peut ne pas convenir à tout le monde. L’effet de levier joue contre vous comme en votre faveur : vous pouvez perdre plus que votre dépôt initial.</p>',
        '<h2>Trading automatique</h2>',
        '<p>Un robot applique des règles ; il ne connaît pas l’avenir. Les écarts de cotation, les annonces économiques, les spreads, le glissement, les conditions du courtier, les coupures de connexion et les erreurs logicielles peuvent tous entraîner des pertes.</p>',
        '<h2>Résultats passés</h2>',
        '<p>Les statistiques de ce site décrivent des résultats passés ou simulés. Elles ne garantissent pas les performances futures.</p>',
        '<h2>Votre responsabilité</h2>',
        '<p>Testez d’abord chaque robot sur un compte de démonstration, n’engagez que de l’argent que vous pouvez vous permettre de perdre et demandez un conseil financier indépendant en cas de doute. Rien sur ce site ne constitue un conseil en investissement.</p>',
      ].join(''),
    },
  },
};
