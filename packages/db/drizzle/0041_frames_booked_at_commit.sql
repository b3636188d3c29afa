-- Hand-written (issue 31): the earning frames are the talent ledger's running sums, and the database
-- books them when the transaction that wrote the entry commits (a deferred constraint trigger).
-- A twin's DAY, MONTH and TOTAL rows are shared by every paying fan: booked by the application,
-- each paying send held them locked from its insert until its COMMIT came in, and sends queued on
-- them whenever the API process waited for a core. Booked at commit, they are held only while
-- Postgres commits. See docs/payouts.md, "The ledger and the frames".
--
-- EARNING adds to its source's columns, REVERSAL to the reversal columns (the entry is negative),
-- REINSTATEMENT gives a reversal back (an update: the frames hold it, and an insert's candidate row
-- would break their non-negative check). Every kind moves the totals by the entry's amounts.
-- Frame keys and bounds are those of packages/domain/src/earnings/frame-keys.ts (UTC, whatever the
-- session's time zone). Opening entries (`opening:…`, ledger-opening.ts) describe frames that
-- already exist and book nothing; payout entries touch no frame.
CREATE FUNCTION book_ledger_entry_in_frames() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  day_start timestamp := date_trunc('day', NEW.occurred_at at time zone 'UTC');
  month_start timestamp := date_trunc('month', NEW.occurred_at at time zone 'UTC');
  day_key text := to_char(day_start, 'YYYY-MM-DD');
  month_key text := to_char(month_start, 'YYYY-MM');
  gross bigint := NEW.gross_micro_usd;
  net bigint := NEW.net_micro_usd;
  earned text := case when NEW.kind = 'EARNING' then NEW.source::text end;
  reversed integer := case when NEW.kind = 'EARNING' then 0 else -1 end;
BEGIN
  IF NEW.kind = 'REINSTATEMENT' THEN
    UPDATE earning_frames SET
      gross_total = gross_total + gross, net_total = net_total + net,
      gross_reversal = gross_reversal - gross, net_reversal = net_reversal - net, updated_at = now()
    WHERE talent_id = NEW.talent_id
      AND (range, key) IN (('DAY'::earning_frame_range, day_key), ('MONTH', month_key), ('TOTAL', 'total'));
    RETURN NULL;
  END IF;
  -- Rows in the same order everywhere (day, month, total), so concurrent commits cannot deadlock on them.
  INSERT INTO earning_frames AS f (id, talent_id, range, key, parent_key, started_at, ended_at,
    gross_total, net_total, gross_send_message, net_send_message, gross_unlock_image, net_unlock_image,
    gross_unlock_audio, net_unlock_audio, gross_referral, net_referral, gross_subscription, net_subscription,
    gross_reversal, net_reversal)
  SELECT left(md5(gen_random_uuid()::text), 20), NEW.talent_id, s.range::earning_frame_range, s.key, s.parent_key,
    s.started_at at time zone 'UTC', s.ended_at at time zone 'UTC', gross, net,
    case when earned = 'sendMessage' then gross else 0 end, case when earned = 'sendMessage' then net else 0 end,
    case when earned = 'unlockImage' then gross else 0 end, case when earned = 'unlockImage' then net else 0 end,
    case when earned = 'unlockAudio' then gross else 0 end, case when earned = 'unlockAudio' then net else 0 end,
    case when earned = 'referral' then gross else 0 end, case when earned = 'referral' then net else 0 end,
    case when earned = 'subscription' then gross else 0 end, case when earned = 'subscription' then net else 0 end,
    reversed * gross, reversed * net
  FROM (VALUES
    (1, 'DAY', day_key, month_key, day_start, day_start + interval '1 day'),
    (2, 'MONTH', month_key, 'total', month_start, month_start + interval '1 month'),
    (3, 'TOTAL', 'total', null, timestamp '2020-01-01', null)
  ) AS s(position, range, key, parent_key, started_at, ended_at)
  ORDER BY s.position
  ON CONFLICT (talent_id, range, key) DO UPDATE SET
    gross_total = f.gross_total + excluded.gross_total, net_total = f.net_total + excluded.net_total,
    gross_send_message = f.gross_send_message + excluded.gross_send_message,
    net_send_message = f.net_send_message + excluded.net_send_message,
    gross_unlock_image = f.gross_unlock_image + excluded.gross_unlock_image,
    net_unlock_image = f.net_unlock_image + excluded.net_unlock_image,
    gross_unlock_audio = f.gross_unlock_audio + excluded.gross_unlock_audio,
    net_unlock_audio = f.net_unlock_audio + excluded.net_unlock_audio,
    gross_referral = f.gross_referral + excluded.gross_referral, net_referral = f.net_referral + excluded.net_referral,
    gross_subscription = f.gross_subscription + excluded.gross_subscription,
    net_subscription = f.net_subscription + excluded.net_subscription,
    gross_reversal = f.gross_reversal + excluded.gross_reversal, net_reversal = f.net_reversal + excluded.net_reversal,
    updated_at = now();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER talent_ledger_books_frames AFTER INSERT ON talent_ledger
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (NEW.kind <> 'PAYOUT' AND NEW.key NOT LIKE 'opening:%')
EXECUTE FUNCTION book_ledger_entry_in_frames();
