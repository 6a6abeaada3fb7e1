import { firstDemoPages } from './first-demo-pages.js';
import type { SeededPage } from './legal-templates.js';

/**
 * The demo shop's Copy Trade and Update pages (SPEC §2), in English and French (issue 19 §2).
 * Update's heading no longer echoes the page's title (it read "Update", then "Updates and
 * upgrades"); Copy Trade is still its first wording.
 */
export const demoPages: Readonly<Record<'copy_trade' | 'update', SeededPage>> = {
  copy_trade: firstDemoPages.copy_trade,
  update: {
    title: { en: 'Update', fr: 'Mise à jour' },
    content: {
      en: [
        '<h2>Your robot adapts to the markets</h2>',
        '<p>Every purchase includes <strong>free updates for 12 months</strong>: bug fixes, compatibility with new MetaTrader builds and parameter adjustments when market conditions change.</p>',
        '<h3>Latest releases</h3>',
        '<ul><li><strong>Aurora Scalper 2.3</strong>: improved news filter and a new spread guard for low-liquidity hours.</li><li><strong>Midas Gold Breakout 1.8</strong>: trailing stop now adapts to the daily range.</li><li><strong>Goldwave Grid Guard 3.1</strong>: basket equity stop can be set in USD or as a percentage.</li></ul>',
        '<h3>How to get an update</h3>',
        '<ol><li>Go to <strong>My Orders</strong> and check whether a new file is available for your order.</li><li>Remove the old version from your chart, then copy the new file into the Experts folder.</li><li>Restart MetaTrader and attach the robot again with your usual settings.</li></ol>',
        '<p>Upgrading to a more advanced robot? Contact us with your order number: the price of your current robot is deducted from the new one within 90 days of purchase.</p>',
        '<p>MetaTrader release notes are published on the <a href="https://www.metatrader5.com/en/releasenotes">official MetaTrader 5 site</a>.</p>',
      ].join(''),
      fr: [
        '<h2>Votre robot s’adapte aux marchés</h2>',
        '<p>Chaque achat comprend <strong>12 mois de mises à jour gratuites</strong> : corrections de bogues, compatibilité avec les nouvelles versions de MetaTrader et ajustements des paramètres quand les conditions de marché changent.</p>',
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
