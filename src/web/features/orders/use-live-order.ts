import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  PAYMENT_POLL_DELAY_MS,
  PAYMENT_CONFIRMATION_WAIT_MS,
  PAYMENT_POLL_INTERVAL_MS,
} from '../../../shared/constants.js';
import type { Order } from '../../../shared/schemas/orders.js';
import { getOrderQueryOptions } from './api/get-order';

/**
 * Keeps the cached order current while a payment is awaited (SPEC §4): the server's event stream
 * first; whenever the stream is not open (a proxy that buffers, a blocked request), a poll every
 * 5 s from 10 s on; after 10 minutes it gives up and says so.
 */
export function useLiveOrder(orderId: string, active: boolean): { timedOut: boolean } {
  const queryClient = useQueryClient();
  const [timedOutOrder, setTimedOutOrder] = useState<string | null>(null);

  useEffect(() => {
    if (!active || orderId === '') return;
    const { queryKey } = getOrderQueryOptions(orderId);
    let streamOpen = false;
    const events = new EventSource(`/api/orders/${encodeURIComponent(orderId)}/events`);
    events.onopen = () => {
      streamOpen = true;
    };
    events.onerror = () => {
      streamOpen = false;
    };
    events.addEventListener('order', (event) => {
      streamOpen = true;
      queryClient.setQueryData(queryKey, JSON.parse((event as MessageEvent<string>).data) as Order);
    });

    let poll: ReturnType<typeof setInterval> | undefined;
    const pollStart = setTimeout(() => {
      poll = setInterval(() => {
        if (!streamOpen) void queryClient.invalidateQueries({ queryKey });
      }, PAYMENT_POLL_INTERVAL_MS);
    }, PAYMENT_POLL_DELAY_MS);
    const stop = () => {
      events.close();
      clearTimeout(pollStart);
      clearInterval(poll);
    };
    const timeout = setTimeout(() => {
      stop();
      setTimedOutOrder(orderId);
    }, PAYMENT_CONFIRMATION_WAIT_MS);
    return () => {
      stop();
      clearTimeout(timeout);
    };
  }, [active, orderId, queryClient]);

  return { timedOut: active && timedOutOrder === orderId };
}
