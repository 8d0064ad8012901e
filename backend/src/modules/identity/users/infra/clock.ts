import { Injectable } from '@nestjs/common';

/** The time the users commands decide with (the offer-save throttle); tests move it instead of sleeping. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
