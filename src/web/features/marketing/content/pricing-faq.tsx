import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { TRIAL_DAYS } from '#shared/plans.ts';
import { TEXT_LINK } from '../components/button-link.tsx';

/** The pricing page's questions and answers. */
export const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: 'Do I need a card to start the trial?',
    a: `No. The trial gives you everything in Premium for ${TRIAL_DAYS} days without payment details. You add a card only when you choose Premium.`,
  },
  {
    q: 'What happens when the trial ends?',
    a: 'Paid areas pause until you decide. You can choose Premium, monthly or yearly, or continue on the Free plan with your dashboard and analytics. Your posts, media and settings are kept either way.',
  },
  {
    q: 'What counts as a connected account?',
    a: 'Each Facebook Page and each Instagram professional account you connect counts as one. A business with one Page and its linked Instagram account uses two.',
  },
  {
    q: 'What is an AI generation?',
    a: 'One request to write content — for example a set of caption variants for a post, or a plan of posts for a campaign. The allowance resets at the start of each month.',
  },
  {
    q: 'Who counts as a staff seat?',
    a: 'Each person you invite to work in your business, other than you as the owner.',
  },
  {
    q: 'Can I switch between monthly and yearly, or cancel?',
    a: 'Yes, from Subscription in your dashboard. When you cancel, Premium stays active until the end of the period you paid for, then your account moves to Free.',
  },
  {
    q: 'How do add-ons work?',
    a: 'CRM and Email marketing are added to your subscription from the dashboard and billed monthly. Remove them whenever you like.',
  },
  {
    q: 'Do you offer discounts?',
    a: (
      <>
        Coupons can be redeemed at checkout. For non-profits and agencies with many businesses,{' '}
        <Link to="/contact" className={TEXT_LINK}>
          contact us
        </Link>
        .
      </>
    ),
  },
];
