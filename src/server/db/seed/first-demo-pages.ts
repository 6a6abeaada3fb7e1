import type { SeededPage } from './legal-templates.js';

/**
 * The Copy Trade and Update pages as the demo shop first seeded them: English only until migration
 * 0021, French beside it since. Migration 0024 recognises an untouched page by this text, so it
 * stays as it is: a newer wording goes in demo-pages.ts.
 */
export const firstDemoPages: Readonly<Record<'copy_trade' | 'update', SeededPage>> = {
  copy_trade: {
    title: { en: 'Copy Trade', fr: 'Copy Trade' },
    content: {
      en: [
        '<h2>Let our robots trade for you</h2>',
        '<p>Not ready to run a robot yourself? With <strong>Copy Trade</strong>, the trades of our live accounts are mirrored to your own MetaTrader account, in proportion to your balance. You keep full control of your money: the funds stay with your broker, in your name.</p>',
        '<h3>How it works</h3>',
        '<ol><li>Open an account with a supported broker, for example <a href="https://www.icmarkets.com/">IC Markets</a>.</li><li>Send us your account number and the strategy you want to follow.</li><li>We connect your account to the copy service; new trades are copied automatically.</li><li>Stop copying at any time from your broker area.</li></ol>',
        '<h3>Good to know</h3>',
        '<ul><li>Recommended minimum balance: <strong>500 USD</strong> for scalpers, <strong>2,000 USD</strong> for gold strategies.</li><li>Copied results can differ from the master account because of spreads, slippage and execution speed.</li><li>You can choose a risk multiplier between 0.5x and 2x.</li></ul>',
        '<p><em>Copy trading involves the same risks as trading yourself. Past performance does not guarantee future results; only invest money you can afford to lose.</em></p>',
      ].join(''),
      fr: [
        '<h2>Laissez nos robots trader pour vous</h2>',
        '<p>Pas encore prêt à faire tourner un robot vous-même ? Avec le <strong>Copy Trade</strong>, les positions de nos comptes réels sont reproduites sur votre propre compte MetaTrader, en proportion de votre solde. Vous gardez le contrôle total de votre argent : les fonds restent chez votre courtier, à votre nom.</p>',
        '<h3>Comment ça marche</h3>',
        '<ol><li>Ouvrez un compte chez un courtier compatible, par exemple <a href="https://www.icmarkets.com/">IC Markets</a>.</li><li>Envoyez-nous votre numéro de compte et la stratégie que vous souhaitez suivre.</li><li>Nous relions votre compte au service de copie ; les nouvelles positions sont copiées automatiquement.</li><li>Arrêtez la copie à tout moment depuis votre espace courtier.</li></ol>',
        '<h3>Bon à savoir</h3>',
        '<ul><li>Solde minimum conseillé : <strong>500 USD</strong> pour les scalpers, <strong>2 000 USD</strong> pour les stratégies sur l’or.</li><li>Les résultats copiés peuvent différer de ceux du compte maître en raison des spreads, du glissement et de la vitesse d’exécution.</li><li>Vous pouvez choisir un multiplicateur de risque compris entre 0,5x et 2x.</li></ul>',
        '<p><em>Le copy trading comporte les mêmes risques que le trading en direct. Les performances passées ne garantissent pas les résultats futurs ; n’investissez que de l’argent que vous pouvez vous permettre de perdre.</em></p>',
      ].join(''),
    },
  },
  update: {
    title: { en: 'Update', fr: 'Mise à jour' },
    content: {
      en: [
        '<h2>Updates and upgrades</h2>',
        '<p>Markets change, and so do our robots. Every purchase includes <strong>free updates for 12 months</strong>: bug fixes, compatibility with new MetaTrader builds and parameter adjustments for changing market conditions.</p>',
        '<h3>Latest releases</h3>',
        '<ul><li><strong>Aurora Scalper 2.3</strong>: improved news filter and a new spread guard for low-liquidity hours.</li><li><strong>Midas Gold Breakout 1.8</strong>: trailing stop now adapts to the daily range.</li><li><strong>Goldwave Grid Guard 3.1</strong>: basket equity stop can be set in USD or as a percentage.</li></ul>',
        '<h3>How to get an update</h3>',
        '<ol><li>Go to <strong>My Orders</strong> and check whether a new file is available for your order.</li><li>Remove the old version from your chart, then copy the new file into the Experts folder.</li><li>Restart MetaTrader and attach the robot again with your usual settings.</li></ol>',
        '<p>Upgrading to a more advanced robot? Contact us with your order number: the price of your current robot is deducted from the new one within 90 days of purchase.</p>',
        '<p>MetaTrader release notes are published on the <a href="https://www.metatrader5.com/en/releasenotes">official MetaTrader 5 site</a>.</p>',
      ].join(''),
      fr: [
        '<h2>Mises à jour et montées en gamme</h2>',
        '<p>Les marchés évoluent, nos robots aussi. Chaque achat comprend <strong>12 mois de mises à jour gratuites</strong> : corrections de bogues, compatibilité avec les nouvelles versions de MetaTrader et ajustements des paramètres selon l’évolution des marchés.</p>',
        '<h3>Dernières versions</h3>',
        '<ul><li><strong>Aurora Scalper 2.3</strong> : filtre d’actualités amélioré et nouvelle protection contre les spreads élevés aux heures de faible liquidité.</li><li><strong>Midas Gold Breakout 1.8</strong> : le stop suiveur s’adapte désormais à l’amplitude journalière.</li><li><strong>Goldwave Grid Guard 3.1</strong> : le stop sur l’équité du panier peut être fixé en USD ou en pourcentage.</li></ul>',
        '<h3>Obtenir une mise à jour</h3>',
        '<ol><li>Ouvrez <strong>Mes commandes</strong> et vérifiez si un nouveau fichier est disponible pour votre commande.</li><li>Retirez l’ancienne version de votre graphique, puis copiez le nouveau fichier dans le dossier Experts.</li><li>Redémarrez MetaTrader et attachez de nouveau le robot avec vos réglages habituels.</li></ol>',
        '<p>Vous passez à un robot plus avancé ? Contactez-nous avec votre numéro de commande : le prix de votre robot actuel est déduit du nouveau dans les 90 jours suivant l’achat.</p>',
        '<p>Les notes de version de MetaTrader sont publiées sur le <a href="https://www.metatrader5.com/en/releasenotes">site officiel de MetaTrader 5</a>.</p>',
      ].join(''),
    },
  },
};
