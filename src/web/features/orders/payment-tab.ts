/**
 * Opens the payment page in a new tab. The tab is opened on the click itself (a tab opened after
 * the server's answer would be stopped by popup blockers) and pointed at the page once known.
 */
export function openPaymentTab(): { go: (url: string) => void; cancel: () => void } {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    go: (url) => {
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    },
    cancel: () => tab?.close(),
  };
}
