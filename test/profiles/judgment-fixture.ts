/** An invented judgment excerpt (no real case, person or place behind it). */
export const JUDGMENT = `CASE OF NOWAKOWSKA v. RURITANIA

(Application no. 40817/07)

JUDGMENT

STRASBOURG

14 February 2012

PROCEDURE

1. The case originated in an application (no. 40817/07) against the Republic of Ruritania lodged with the Court on 3 September 2007 by a Ruritanian national, Ms Halina Nowakowska ("the applicant").

2. The applicant was represented by Mr T. Brzezinski, a lawyer practising in Strelsau.

THE FACTS

3. The applicant was born in 1961 and lives in Zenda.

4. On 12 March 2003 the applicant was arrested and placed in cell no. 14 of the Strelsau remand centre. She was detained for 18 months.

5. By a judgment of 5-7 October 2004 (case no. 2-345/2004) the Strelsau Regional Court sentenced her to four years and six months' imprisonment. The witness, Mr Rudolf Elphberg, testified on 21 September 2004 at 10.30 a.m.

6. In 2006 the applicant sold plot no. 52/3, registered under cadastral number 77:01:0004012:1033, for RUB 1,200,000.

7. The Court awards the applicant EUR 9,600 in respect of non-pecuniary damage and 2,500 euros for costs and expenses.`;
